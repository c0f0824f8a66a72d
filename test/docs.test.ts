import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** The documents a user reads: the READMEs and docs/ (not docs/lab/, a dated journal that may quote old lines). */
const DOCUMENTS = [
  "README.md",
  "protocol/README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** A reference to a line of the code: `path:N`, whatever the path (one without its folder fails below). */
const LINE_REFERENCE = /`([^`\s]+\.(?:ts|mjs|js)):(\d+)`/g;
/** The same, with the name it points at written just before it: `name` (`path:N`) or (`name`, `path:N`). */
const NAMED_REFERENCE = /`([A-Za-z_$][\w$.]*)`(?:,\s+|\s+\()`([^`\s]+\.(?:ts|mjs|js)):(\d+)`/g;

describe("the docs' references to lines of the code", () => {
  it("are there to check: architecture.md's walk through a genmove has them", () => {
    expect(
      [...readFileSync(join(ROOT, "docs/architecture.md"), "utf8").matchAll(LINE_REFERENCE)].length,
    ).toBeGreaterThan(20);
  });

  for (const doc of DOCUMENTS) {
    const text = readFileSync(join(ROOT, doc), "utf8");
    const references = [...text.matchAll(LINE_REFERENCE)];
    if (references.length === 0) continue;
    it(`${doc}: each names what it points at, and the line still shows that name`, () => {
      const named = [...text.matchAll(NAMED_REFERENCE)];
      expect(named.map((m) => `${m[2]}:${m[3]}`)).toEqual(references.map((m) => `${m[1]}:${m[2]}`));
      for (const [, name, file, line] of named) {
        expect(existsSync(join(ROOT, file!)), `${file} exists`).toBe(true);
        const lines = readFileSync(join(ROOT, file!), "utf8").split("\n");
        // `Session.genmove` is found by its last part: the line declares or calls `genmove`.
        const word = new RegExp(`\\b${name!.split(".").pop()!.replace(/\$/g, "\\$")}\\b`);
        const seen = lines.flatMap((l, i) => (word.test(l) ? [i + 1] : [])).join(", ");
        expect(lines[Number(line) - 1] ?? "", `${file}:${line} should show ${name} (it is on lines ${seen})`).toMatch(
          word,
        );
      }
    });
  }
});
