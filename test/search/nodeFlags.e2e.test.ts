import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// test/buildPrograms.ts builds the bundles before any test starts.
const DIST = join(import.meta.dirname, "..", "..", "dist");

describe("the node flags and proofs in the bundles", () => {
  for (const bundle of ["othello.js", "searchWorker.js"]) {
    it(`are number literals in ${bundle}: no NodeFlag or Proof object is made or read`, () => {
      const code = readFileSync(join(DIST, bundle), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "");
      expect(code).not.toMatch(/\bNodeFlag\b|\bProof\b/);
      // The selection loop's test of a child, Proven | Pruned, folded into one literal.
      expect(code).toMatch(/\(f & 10\) !== 0/);
    });
  }
});
