import { NodeFlag } from "./nodeFlags.js";
import { Proof } from "./proof.js";
import type { Tree } from "./tree.js";

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
