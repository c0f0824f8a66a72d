/**
 * What is proven of a node, for the player who moved into it (MCTS-solver): nothing yet, or
 * the result with best play from both sides. One byte a node (`Tree.proof`); a const enum,
 * inlined as literals like NodeFlag.
 */
// biome-ignore lint/suspicious/noConstEnum: inlined across modules by esbuild (see NodeFlag); never ambient.
export const enum Proof {
  Unproven = 0,
  Win = 1,
  Draw = 2,
  Loss = 3,
}

/** A proven result as a word, for the player it belongs to. */
export type Proven = "win" | "draw" | "loss";

/** A proof as a word; undefined while unproven. */
export function provenWord(proof: number): Proven | undefined {
  return proof === Proof.Win ? "win" : proof === Proof.Draw ? "draw" : proof === Proof.Loss ? "loss" : undefined;
}

/** The proof a word says; Proof.Unproven for undefined. */
export function proofOf(proven: Proven | undefined): Proof {
  return proven === "win"
    ? Proof.Win
    : proven === "draw"
      ? Proof.Draw
      : proven === "loss"
        ? Proof.Loss
        : Proof.Unproven;
}
