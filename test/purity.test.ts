import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Every .ts file (or file ending in `ending`) below `folder`, as paths relative to the repository. */
function sources(folder: string, ending = ".ts"): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(ending))
    .map((f) => join(folder, f));
}

/** The files a source imports or re-exports, relative to the repository ("node:fs" stays as it is). */
function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']/g)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec;
  });
}

describe("the core is pure", () => {
  const files = sources("src");
  it("has source files", () => {
    expect(files.length).toBeGreaterThan(5);
  });
  for (const file of files) {
    it(`${file} imports only from src/`, () => {
      for (const target of imports(file)) expect(target, `${file} imports ${target}`).toMatch(/^src\/[\w/]+\.js$/);
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text).not.toMatch(/\brequire\(|\bimport\(|\bprocess\.|\bBigInt\b/);
    });
  }
});

// The code says what it does; when and by what measurement it came to be so is the docs' to tell
// (docs/decisions.md, and the lab log it points to), so that a comment does not go stale with a date.
describe("the code's own words", () => {
  // The WebAssembly kernels' text included.
  const files = [...sources("src"), ...sources("src", ".wat"), ...sources("protocol")];
  for (const file of files) {
    it(`${file} names no lab entry and dates no history of its own`, () => {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text).not.toContain("docs/lab");
      expect(text).not.toMatch(/\b20\d\d-[01]\d-[0-3]\d\b/);
    });
  }
});

// The judge, the match runner and the clients that drive other engines speak to engines only
// through their protocols: none of them reaches into our engine's session or command tables.
describe("the rooms of protocol/", () => {
  for (const room of ["protocol/judge", "protocol/match", "protocol/controller", "protocol/text", "protocol/ui"]) {
    for (const file of sources(room)) {
      it(`${file} does not import protocol/engine/`, () => {
        for (const target of imports(file))
          expect(target, `${file} imports ${target}`).not.toMatch(/^protocol\/engine\//);
      });
    }
  }
});

// The page runs in a browser: its code takes values only from src/ and the page's own folder
// (types from the server are erased in the bundle).
describe("the browser page", () => {
  const files = sources("protocol/ui/page");
  it("has source files", () => {
    expect(files.length).toBeGreaterThan(1);
  });
  for (const file of files) {
    it(`${file} imports values only from src/ and protocol/ui/page/`, () => {
      const text = readFileSync(join(ROOT, file), "utf8");
      const valueImports = [...text.matchAll(/import\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/g)].map((m) =>
        relative(ROOT, resolve(ROOT, dirname(file), m[1]!)),
      );
      for (const target of valueImports)
        expect(target, `${file} imports ${target}`).toMatch(/^(src|protocol\/ui\/page)\/[\w/]+\.js$/);
    });
  }
});

// No file depends on itself through others, types included: a circle ties its files into one
// room that cannot be read, tested or moved apart (src/solver/solving.ts broke the last one).
describe("the imports", () => {
  const files = [...sources("src"), ...sources("protocol")];
  const edges = new Map(files.map((f) => [f, imports(f).map((t) => t.replace(/\.js$/, ".ts"))]));
  it("reach the files they name", () => {
    for (const [file, targets] of edges)
      for (const target of targets)
        if (!target.startsWith("node:") && !target.endsWith(".json"))
          expect(edges.has(target), `${file} imports ${target}`).toBe(true);
  });
  it("make no circle", () => {
    // Depth first: a file met again while it is on the path closes a circle.
    const done = new Set<string>();
    const path: string[] = [];
    const circles: string[] = [];
    const visit = (file: string): void => {
      const at = path.indexOf(file);
      if (at >= 0) {
        circles.push([...path.slice(at), file].join(" -> "));
        return;
      }
      if (done.has(file)) return;
      path.push(file);
      for (const target of edges.get(file) ?? []) visit(target);
      path.pop();
      done.add(file);
    };
    for (const file of files) visit(file);
    expect(circles).toEqual([]);
  });
});
