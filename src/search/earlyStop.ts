import { childToPlay } from "./selection.js";
import type { Tree } from "./tree.js";

/**
 * A timed search stops before its time is up once the move it would play cannot change: when
 * the most visited move leads every other by more visits than the rest of the time can give
 * at the rate so far. Not before this share of the time, nor before this many visits, so the
 * rate is known and a move that only looks obvious after a handful of visits is looked at.
 */
const EARLY_STOP_SHARE = 0.1;
const EARLY_STOP_VISITS = 256;

/**
 * Whether the move the search would play now can no longer change in the time left: the
 * most visited root child leads every other by more visits than the rest of the time gives
 * at the rate so far (which only ever overestimates what a single child can still gain). The
 * rate is the root's, `gained` visits in `elapsedMs` (with a shared tree, every thread's), or
 * the search's own `visits` when that is more.
 */
export function cannotChange(tree: Tree, visits: number, gained: number, elapsedMs: number, leftMs: number): boolean {
  if (visits < EARLY_STOP_VISITS || elapsedMs < EARLY_STOP_SHARE * (elapsedMs + leftMs)) return false;
  const root = tree.root;
  const best = childToPlay(tree, root);
  const first = tree.firstChild[root]!;
  const end = first + tree.childCount[root]!;
  let other = 0;
  for (let c = first; c < end; c++) if (c !== best) other = Math.max(other, tree.visits[c]!);
  return tree.visits[best]! - other > (Math.max(visits, gained) / elapsedMs) * leftMs;
}
