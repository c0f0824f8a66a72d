import { NodeFlag } from "./nodeFlags.js";
import type { Tree } from "./tree.js";

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

/**
 * Proves the node of `tree` from its children if they allow it: one child won by its mover (the
 * side to move here) makes the node a loss for its own mover; all children proven, a draw among
 * them makes it a draw, and all lost makes it a win. Returns whether the node is proven.
 */
export function prove(tree: Tree, node: number): boolean {
  const proof = tree.proof;
  if (proof[node] !== Proof.Unproven) return true;
  // An expanded node that is not proven has children: a finished game's node is proven.
  if ((tree.flags[node]! & NodeFlag.Expanded) === 0) return false;
  const first = tree.firstChild[node]!;
  const end = first + tree.childCount[node]!;
  let all = true;
  let draw = false;
  for (let c = first; c < end; c++) {
    const p = proof[c]!;
    if (p === Proof.Win) {
      tree.setProof(node, Proof.Loss);
      return true;
    }
    if (p === Proof.Unproven) all = false;
    else if (p === Proof.Draw) draw = true;
  }
  if (!all) return false;
  tree.setProof(node, draw ? Proof.Draw : Proof.Win);
  return true;
}
