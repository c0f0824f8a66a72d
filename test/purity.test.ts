import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

describe("the core is pure", () => {
  const files = readdirSync(SRC).filter((f) => f.endsWith(".ts"));
  it("has source files", () => {
    expect(files.length).toBeGreaterThan(5);
  });
  for (const file of files) {
    it(`${file} imports only from src/`, () => {
      const text = readFileSync(join(SRC, file), "utf8");
      const imports = [...text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']/g)].map((m) => m[1]!);
      for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^\.\/[A-Za-z]+\.js$/);
      expect(text).not.toMatch(/\brequire\(|\bimport\(|\bprocess\.|\bBigInt\b/);
    });
  }
});
