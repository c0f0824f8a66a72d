import { describe, expect, it } from "vitest";
import { Proof, proofOf, provenWord } from "../../src/index.js";

describe("proofs as words", () => {
  it.each([
    ["win", Proof.Win],
    ["draw", Proof.Draw],
    ["loss", Proof.Loss],
    [undefined, Proof.Unproven],
  ] as const)("%s is proof %i, and back", (word, proof) => {
    expect(proofOf(word)).toBe(proof);
    expect(provenWord(proof)).toBe(word);
  });

  it("every proof round-trips through its word", () => {
    for (const proof of [Proof.Unproven, Proof.Win, Proof.Draw, Proof.Loss])
      expect(proofOf(provenWord(proof))).toBe(proof);
  });
});
