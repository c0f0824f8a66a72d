/**
 * A node's flags, one byte a node (`Tree.flags`). A const enum: esbuild inlines its members as
 * number literals in every module that uses them, so the search's loops test literals rather
 * than read module variables (measured on the bundle; plain exported constants stay variables).
 */
// biome-ignore lint/suspicious/noConstEnum: inlined across modules by esbuild (above); never ambient, so isolatedModules is satisfied.
export const enum NodeFlag {
  /** The node has its children (or is a finished game). */
  Expanded = 1,
  /** Progressive pruning has set this child aside: it is not selected while the flag holds. */
  Pruned = 2,
  /** The game is over here: the result is exact and there is nothing to expand. */
  Terminal = 4,
  /** The node has a proof (`Tree.proof` is not Proof.Unproven): selection reads one byte per child for both. */
  Proven = 8,
  /** A thread is giving the node its children (a shared tree): no other thread expands it meanwhile. */
  Expanding = 16,
}
