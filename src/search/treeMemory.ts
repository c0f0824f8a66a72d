/** A tree's memory: its typed arrays' buffers, shared between threads when they are SharedArrayBuffers. */
export interface TreeMemory {
  readonly capacity: number;
  readonly buffers: readonly (ArrayBuffer | SharedArrayBuffer)[];
}

/** The node pool's columns (class Tree), in the order of their buffers. */
// biome-ignore lint/suspicious/noConstEnum: inlined across modules by esbuild (see NodeFlag); never ambient.
export const enum Column {
  Move,
  Flags,
  ChildCount,
  FirstChild,
  Visits,
  Total,
  Squares,
  Prior,
  SelectionTerms,
  Proof,
  Forward,
  Gained,
  Minimax,
  Policy,
}

/** Each column's element constructor, by Column. */
const ELEMENTS = [
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Int32Array,
  Int32Array,
  Float64Array,
  Float64Array,
  Float32Array,
  Float64Array,
  Uint8Array,
  Int32Array,
  Int32Array,
  Float32Array,
  Float32Array,
] as const;
/** The header's buffer, after the columns': the pool's size and its root. */
const HEADER = ELEMENTS.length;
/**
 * Column i starts i * STAGGER bytes into its buffer. Buffers this large start on a page, so the
 * root in every column, and node n in the columns of one element size, fell in one set of the
 * L1 cache (a set holds 8 lines on this machine): the root's dozen lines evicted each other at
 * every visit. Five lines apart, the columns' starts fall in sets of their own (in a classic visit,
 * half the simulated L1 misses).
 */
const STAGGER = 320;

/** Elements column `i` holds for `capacity` nodes: two a node in the columns of pairs. */
function columnLength(i: number, capacity: number): number {
  return (i === Column.SelectionTerms || i === Column.Gained ? 2 : 1) * capacity;
}

/** Column `i` of a tree's memory. */
export function column<T>(
  Elements: new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T,
  memory: TreeMemory,
  i: Column,
): T {
  return new Elements(memory.buffers[i]!, i * STAGGER, columnLength(i, memory.capacity));
}

/** The header of a tree's memory: [0], the nodes handed out; [1], the root. */
export function headerColumn(memory: TreeMemory): Int32Array {
  return new Int32Array(memory.buffers[HEADER]!);
}

/** Whether `memory` is a tree's memory for `capacity` nodes. */
export function isTreeMemoryFor(memory: TreeMemory, capacity: number): boolean {
  return memory.capacity === capacity && memory.buffers.length === HEADER + 1;
}

/** Memory for a pool of `capacity` nodes, in buffers of this kind. */
export function treeMemory(capacity: number, Buffer: typeof ArrayBuffer | typeof SharedArrayBuffer): TreeMemory {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new Error(`tree capacity must be a positive integer, got ${capacity}`);
  return {
    capacity,
    buffers: [
      ...ELEMENTS.map(
        (Elements, i) => new Buffer(i * STAGGER + columnLength(i, capacity) * Elements.BYTES_PER_ELEMENT),
      ),
      new Buffer(8),
    ],
  };
}
