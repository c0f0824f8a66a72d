import type { Game } from "../game.js";
import type { Move, Position } from "../position.js";
import { NodeFlag } from "./nodeFlags.js";
import type { Tree } from "./tree.js";
import { trimTree } from "./treeCompaction.js";

/**
 * The tree's root moves down in place, its old siblings left as garbage, until the pool is more
 * than this full; then the move that finds it so compacts it (`trimTree`), so a search
 * starts with at least this share of the pool free for its own nodes.
 */
const COMPACT_FILL = 0.5;
/**
 * A subtree larger than this share of the pool is trimmed to it as it is compacted (`trimTree`):
 * a 5 s search makes 4.5 to 6 million nodes, and the tree kept from the moves before filled the
 * rest of a 16-million pool within a few moves, after which the tree stopped growing.
 */
const TRIM_FILL = 0.25;

/** The game line a tree's root stands for: the game's start and the moves to the root. */
export interface RootLine {
  readonly start: Position;
  readonly moves: readonly Move[];
}

/** What keeping the tree for a game did: its root stayed, moved down, or the tree starts afresh. */
export type RootMove = "stayed" | "moved" | "fresh";

/**
 * Keeps `tree`, whose root stands for `line`, for the position of `game`: replays the game since
 * the root down the tree and makes the node reached the new root, in place, keeping its
 * statistics; the rest of the tree becomes garbage, freed (`trimTree`, which also trims a subtree
 * over TRIM_FILL of the pool) once it fills more than COMPACT_FILL of the pool. A game that does
 * not continue the line, or leaves the tree (a node never expanded: any node below it would have
 * no visits), resets the tree.
 */
export function moveRoot(tree: Tree, line: RootLine | null, game: Game): RootMove {
  const moves = game.moves;
  let node = -1;
  if (line?.start.equals(game.start) && line.moves.every((m, i) => moves[i] === m)) {
    node = tree.root;
    // Stryker disable next-line ConditionalExpression: a node of -1 has no child, so it stays -1 down the line.
    for (let i = line.moves.length; i < moves.length && node >= 0; i++) node = tree.child(node, moves[i]!);
  }
  if (node < 0) {
    tree.reset();
    return "fresh";
  }
  // Stryker disable next-line ConditionalExpression: the root moved onto itself changes nothing; the test spares the passes below.
  if (node === tree.root) return "stayed";
  tree.root = node;
  // The new root may have been pruned as a child; as the root it is no candidate.
  tree.setFlags(node, 0, NodeFlag.Pruned);
  if (tree.size > COMPACT_FILL * tree.capacity) trimTree(tree, TRIM_FILL * tree.capacity);
  return "moved";
}
