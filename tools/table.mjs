// The benches' tables (tools/solveBench.mjs, tools/ffoBench.mjs): columns padded to their widest cell.

/** The lines of a table: the header, then each row, cells two spaces apart, each column as wide as its widest cell. */
export function formatTable(header, rows) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]))
      .join("  ")
      .trimEnd();
  return [header, ...rows].map(line);
}
