import { BOARD_ENTRIES, BOARD_FEATURES, boardFeatureEntries } from "./boardFeatures.js";

/**
 * The evaluation's pattern set: short lines and corner regions of the board, each square of
 * one read as empty (0), the mover's (1) or the opponent's (2), the configuration a base-3
 * number. Every pattern is read at each of its places on the board (its images under the 8
 * symmetries), all places sharing one table of weights; a pattern that is its own mirror image
 * (an edge read from either end) has one weight for a configuration and its mirror (the
 * canonical index below).
 *
 * Indices are computed from the two 32-bit halves: a row is a byte of a word, a column or a
 * diagonal is gathered into a byte by one multiplication, and a table turns the n bits of the
 * mover and the n bits of the opponent into the base-3 number. No loop runs over squares.
 */

/** The name written in a weights file's header: a file trained for another set is refused. */
export const PATTERN_SET_NAME = "edge2x-corner33-corner25-lines-diagonals-mobility-parity-v2";
/** The first set's name: the same patterns, no board features. */
export const FIRST_PATTERN_SET_NAME = "edge2x-corner33-corner25-lines-diagonals-v1";

export interface PatternKind {
  readonly name: string;
  /** Squares in the pattern: the table has 3^cells entries. */
  readonly cells: number;
  /** Places on the board where it is read (the instances summed). */
  readonly places: number;
  /**
   * The pattern's own symmetry as a permutation of its cells (cell i goes to mirror[i]), or
   * undefined when it has none: configurations that are mirror images share one weight.
   */
  readonly mirror: readonly number[] | undefined;
}

const reversed = (n: number): number[] => Array.from({ length: n }, (_, i) => n - 1 - i);

/**
 * The kinds, in the order of their tables. Cells: a line's squares in order along it; the edge
 * with its X-squares is the 8 edge squares then the X-square next to cell 1, then the one next
 * to cell 6; a corner block is row by row from the corner (3 x 3, or 2 rows of 5).
 */
export const PATTERN_KINDS: readonly PatternKind[] = [
  { name: "edge+2X", cells: 10, places: 4, mirror: [...reversed(8), 9, 8] },
  { name: "corner 3x3", cells: 9, places: 4, mirror: [0, 3, 6, 1, 4, 7, 2, 5, 8] },
  { name: "corner 2x5", cells: 10, places: 8, mirror: undefined },
  { name: "row 2", cells: 8, places: 4, mirror: reversed(8) },
  { name: "row 3", cells: 8, places: 4, mirror: reversed(8) },
  { name: "row 4", cells: 8, places: 4, mirror: reversed(8) },
  { name: "diagonal 8", cells: 8, places: 2, mirror: reversed(8) },
  { name: "diagonal 7", cells: 7, places: 4, mirror: reversed(7) },
  { name: "diagonal 6", cells: 6, places: 4, mirror: reversed(6) },
  { name: "diagonal 5", cells: 5, places: 4, mirror: reversed(5) },
  { name: "diagonal 4", cells: 4, places: 4, mirror: reversed(4) },
];

/** Pattern places read per position (the features), plus one constant feature per stage. */
export const PLACES = PATTERN_KINDS.reduce((n, k) => n + k.places, 0);
export const FEATURES = PLACES + 1;

/** Where each kind's table starts among a stage's raw (full base-3) entries; the last entry is the constant. */
export const RAW_OFFSETS: readonly number[] = (() => {
  const offsets: number[] = [];
  let at = 0;
  for (const k of PATTERN_KINDS) {
    offsets.push(at);
    at += 3 ** k.cells;
  }
  offsets.push(at);
  return offsets;
})();
/** A stage's constant: its raw entry, after every kind's full table. */
export const CONSTANT_ENTRY = RAW_OFFSETS[RAW_OFFSETS.length - 1]!;
/** Where the board features' tables (boardFeatures.ts) start among a stage's raw entries: after the constant. */
export const BOARD_OFFSET = CONSTANT_ENTRY + 1;
/** A stage's raw entries: every kind's full table, the constant, the board features' tables. */
export const RAW_SIZE = BOARD_OFFSET + BOARD_ENTRIES;
/** Entries read per position: the pattern places, the constant and the board features. */
export const ENTRIES = FEATURES + BOARD_FEATURES;

/**
 * CANONICAL[raw]: the stage's compact entry of a raw entry. Configurations that are mirror
 * images of each other share one compact entry, numbered in the order of their smallest raw
 * index, so a compact table (what is trained and stored) has no duplicates.
 */
export const CANONICAL = new Int32Array(RAW_SIZE);
/**
 * A stage's compact entries of the patterns and the constant: the whole table of the first
 * pattern set, which had no board features (its files are still read: weightsFile.ts).
 */
export const PATTERN_COMPACT_SIZE: number = (() => {
  let next = 0;
  PATTERN_KINDS.forEach((kind, k) => {
    const base = RAW_OFFSETS[k]!;
    const size = 3 ** kind.cells;
    const mirror = kind.mirror ?? Array.from({ length: kind.cells }, (_, i) => i);
    // The configuration's mirror image is kept up to date as its index counts up digit by digit
    // (base 3): every program start makes these 160,000 entries, so no division per digit.
    const powers = mirror.map((m) => 3 ** m);
    const digits = new Int8Array(kind.cells + 1); // one digit more, for the carry past the last index
    let image = 0;
    for (let index = 0; index < size; index++) {
      CANONICAL[base + index] = image < index ? CANONICAL[base + image]! : next++;
      let d = 0;
      for (; digits[d] === 2; d++) {
        digits[d] = 0;
        image -= 2 * powers[d]!;
      }
      digits[d]!++;
      image += powers[d] ?? 0;
    }
  });
  CANONICAL[CONSTANT_ENTRY] = next++;
  return next;
})();
/** A stage's compact entries: the patterns', the constant, then the board features' (their own images). */
export const COMPACT_SIZE = PATTERN_COMPACT_SIZE + BOARD_ENTRIES;
for (let i = 0; i < BOARD_ENTRIES; i++) CANONICAL[BOARD_OFFSET + i] = PATTERN_COMPACT_SIZE + i;

/** TERNARY[b]: the base-3 number with digit 1 at each set bit of b (10 bits), for the mover; the opponent's digits are 2, twice that. */
const TERNARY = new Int32Array(1024);
for (let b = 0; b < 1024; b++) {
  let t = 0;
  for (let i = 0; i < 10; i++) if (((b >> i) & 1) !== 0) t += 3 ** i;
  TERNARY[b] = t;
}
/** REVERSE[b]: the byte b with its bits in the opposite order. */
const REVERSE = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  let r = 0;
  for (let i = 0; i < 8; i++) if (((b >> i) & 1) !== 0) r |= 128 >> i;
  REVERSE[b] = r;
}

/** Column y of the pair (lo, hi) as a byte, row 0 at bit 0 (the multiplication of bitboard.ts's flips). */
function column(lo: number, hi: number, y: number): number {
  return Math.imul(((lo >>> y) & 0x01010101) | (((hi >>> y) & 0x01010101) << 4), 0x01020408) >>> 24;
}

const E2X = RAW_OFFSETS[0]!;
const C33 = RAW_OFFSETS[1]!;
const C25 = RAW_OFFSETS[2]!;
const ROW2 = RAW_OFFSETS[3]!;
const ROW3 = RAW_OFFSETS[4]!;
const ROW4 = RAW_OFFSETS[5]!;
const DIAGONAL8 = RAW_OFFSETS[6]!;
const DIAGONAL7 = RAW_OFFSETS[7]!;
const DIAGONAL6 = RAW_OFFSETS[8]!;
const DIAGONAL5 = RAW_OFFSETS[9]!;
const DIAGONAL4 = RAW_OFFSETS[10]!;

/**
 * Writes the position's FEATURES raw entries (within a stage) into out[0..FEATURES): each
 * pattern place's kind offset plus its base-3 index, then the constant. The mover is (pl, ph),
 * the opponent (ol, oh). Allocates nothing.
 */
export function patternEntries(pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  // Rows 0..7 and columns 0..7 as bytes, and the reversed ones the corner patterns need.
  const pr0 = pl & 255,
    pr1 = (pl >>> 8) & 255,
    pr2 = (pl >>> 16) & 255,
    pr3 = pl >>> 24;
  const pr4 = ph & 255,
    pr5 = (ph >>> 8) & 255,
    pr6 = (ph >>> 16) & 255,
    pr7 = ph >>> 24;
  const or0 = ol & 255,
    or1 = (ol >>> 8) & 255,
    or2 = (ol >>> 16) & 255,
    or3 = ol >>> 24;
  const or4 = oh & 255,
    or5 = (oh >>> 8) & 255,
    or6 = (oh >>> 16) & 255,
    or7 = oh >>> 24;
  const pc0 = column(pl, ph, 0),
    pc1 = column(pl, ph, 1),
    pc2 = column(pl, ph, 2),
    pc3 = column(pl, ph, 3);
  const pc4 = column(pl, ph, 4),
    pc5 = column(pl, ph, 5),
    pc6 = column(pl, ph, 6),
    pc7 = column(pl, ph, 7);
  const oc0 = column(ol, oh, 0),
    oc1 = column(ol, oh, 1),
    oc2 = column(ol, oh, 2),
    oc3 = column(ol, oh, 3);
  const oc4 = column(ol, oh, 4),
    oc5 = column(ol, oh, 5),
    oc6 = column(ol, oh, 6),
    oc7 = column(ol, oh, 7);

  // Edges with their X-squares: B2 (9), G2 (14), B7 (49), G7 (54).
  const px9 = (pl >>> 9) & 1,
    px14 = (pl >>> 14) & 1,
    px49 = (ph >>> 17) & 1,
    px54 = (ph >>> 22) & 1;
  const ox9 = (ol >>> 9) & 1,
    ox14 = (ol >>> 14) & 1,
    ox49 = (oh >>> 17) & 1,
    ox54 = (oh >>> 22) & 1;
  out[0] = E2X + TERNARY[pr0 | (px9 << 8) | (px14 << 9)]! + 2 * TERNARY[or0 | (ox9 << 8) | (ox14 << 9)]!;
  out[1] = E2X + TERNARY[pr7 | (px49 << 8) | (px54 << 9)]! + 2 * TERNARY[or7 | (ox49 << 8) | (ox54 << 9)]!;
  out[2] = E2X + TERNARY[pc0 | (px9 << 8) | (px49 << 9)]! + 2 * TERNARY[oc0 | (ox9 << 8) | (ox49 << 9)]!;
  out[3] = E2X + TERNARY[pc7 | (px14 << 8) | (px54 << 9)]! + 2 * TERNARY[oc7 | (ox14 << 8) | (ox54 << 9)]!;

  // Corner blocks of 3 x 3, row by row from the corner.
  const qr0 = REVERSE[pr0]!,
    qr1 = REVERSE[pr1]!,
    qr2 = REVERSE[pr2]!,
    qr5 = REVERSE[pr5]!,
    qr6 = REVERSE[pr6]!,
    qr7 = REVERSE[pr7]!;
  const sr0 = REVERSE[or0]!,
    sr1 = REVERSE[or1]!,
    sr2 = REVERSE[or2]!,
    sr5 = REVERSE[or5]!,
    sr6 = REVERSE[or6]!,
    sr7 = REVERSE[or7]!;
  out[4] =
    C33 +
    TERNARY[(pr0 & 7) | ((pr1 & 7) << 3) | ((pr2 & 7) << 6)]! +
    2 * TERNARY[(or0 & 7) | ((or1 & 7) << 3) | ((or2 & 7) << 6)]!;
  out[5] =
    C33 +
    TERNARY[(qr0 & 7) | ((qr1 & 7) << 3) | ((qr2 & 7) << 6)]! +
    2 * TERNARY[(sr0 & 7) | ((sr1 & 7) << 3) | ((sr2 & 7) << 6)]!;
  out[6] =
    C33 +
    TERNARY[(pr7 & 7) | ((pr6 & 7) << 3) | ((pr5 & 7) << 6)]! +
    2 * TERNARY[(or7 & 7) | ((or6 & 7) << 3) | ((or5 & 7) << 6)]!;
  out[7] =
    C33 +
    TERNARY[(qr7 & 7) | ((qr6 & 7) << 3) | ((qr5 & 7) << 6)]! +
    2 * TERNARY[(sr7 & 7) | ((sr6 & 7) << 3) | ((sr5 & 7) << 6)]!;

  // Corner blocks of 2 x 5, along the row and along the column from each corner.
  const qc0 = REVERSE[pc0]!,
    qc1 = REVERSE[pc1]!,
    qc6 = REVERSE[pc6]!,
    qc7 = REVERSE[pc7]!;
  const sc0 = REVERSE[oc0]!,
    sc1 = REVERSE[oc1]!,
    sc6 = REVERSE[oc6]!,
    sc7 = REVERSE[oc7]!;
  out[8] = C25 + TERNARY[(pr0 & 31) | ((pr1 & 31) << 5)]! + 2 * TERNARY[(or0 & 31) | ((or1 & 31) << 5)]!;
  out[9] = C25 + TERNARY[(pc0 & 31) | ((pc1 & 31) << 5)]! + 2 * TERNARY[(oc0 & 31) | ((oc1 & 31) << 5)]!;
  out[10] = C25 + TERNARY[(qr0 & 31) | ((qr1 & 31) << 5)]! + 2 * TERNARY[(sr0 & 31) | ((sr1 & 31) << 5)]!;
  out[11] = C25 + TERNARY[(pc7 & 31) | ((pc6 & 31) << 5)]! + 2 * TERNARY[(oc7 & 31) | ((oc6 & 31) << 5)]!;
  out[12] = C25 + TERNARY[(pr7 & 31) | ((pr6 & 31) << 5)]! + 2 * TERNARY[(or7 & 31) | ((or6 & 31) << 5)]!;
  out[13] = C25 + TERNARY[(qc0 & 31) | ((qc1 & 31) << 5)]! + 2 * TERNARY[(sc0 & 31) | ((sc1 & 31) << 5)]!;
  out[14] = C25 + TERNARY[(qr7 & 31) | ((qr6 & 31) << 5)]! + 2 * TERNARY[(sr7 & 31) | ((sr6 & 31) << 5)]!;
  out[15] = C25 + TERNARY[(qc7 & 31) | ((qc6 & 31) << 5)]! + 2 * TERNARY[(sc7 & 31) | ((sc6 & 31) << 5)]!;

  // Rows and columns 2, 3 and 4 from each edge.
  out[16] = ROW2 + TERNARY[pr1]! + 2 * TERNARY[or1]!;
  out[17] = ROW2 + TERNARY[pr6]! + 2 * TERNARY[or6]!;
  out[18] = ROW2 + TERNARY[pc1]! + 2 * TERNARY[oc1]!;
  out[19] = ROW2 + TERNARY[pc6]! + 2 * TERNARY[oc6]!;
  out[20] = ROW3 + TERNARY[pr2]! + 2 * TERNARY[or2]!;
  out[21] = ROW3 + TERNARY[pr5]! + 2 * TERNARY[or5]!;
  out[22] = ROW3 + TERNARY[pc2]! + 2 * TERNARY[oc2]!;
  out[23] = ROW3 + TERNARY[pc5]! + 2 * TERNARY[oc5]!;
  out[24] = ROW4 + TERNARY[pr3]! + 2 * TERNARY[or3]!;
  out[25] = ROW4 + TERNARY[pr4]! + 2 * TERNARY[or4]!;
  out[26] = ROW4 + TERNARY[pc3]! + 2 * TERNARY[oc3]!;
  out[27] = ROW4 + TERNARY[pc4]! + 2 * TERNARY[oc4]!;

  // Diagonals of 8 (two), then of 7, 6, 5 and 4 squares (four each).
  // A diagonal has one square per column: masked, its two words fit in one, and one
  // multiplication sums its bytes into a byte indexed by column, shifted to start at bit 0.
  // The two long diagonals, then x - y = d, y - x = d, x + y = 7 - d, x + y = 7 + d for d = 1..4.
  out[28] =
    DIAGONAL8 +
    TERNARY[Math.imul((pl & 0x08040201) | (ph & 0x80402010), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x08040201) | (oh & 0x80402010), 0x01010101) >>> 24]!;
  out[29] =
    DIAGONAL8 +
    TERNARY[Math.imul((pl & 0x10204080) | (ph & 0x01020408), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x10204080) | (oh & 0x01020408), 0x01010101) >>> 24]!;
  out[30] =
    DIAGONAL7 +
    TERNARY[Math.imul((pl & 0x04020100) | (ph & 0x40201008), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x04020100) | (oh & 0x40201008), 0x01010101) >>> 24]!;
  out[31] =
    DIAGONAL7 +
    TERNARY[(Math.imul((pl & 0x10080402) | (ph & 0x00804020), 0x01010101) >>> 24) >>> 1]! +
    2 * TERNARY[(Math.imul((ol & 0x10080402) | (oh & 0x00804020), 0x01010101) >>> 24) >>> 1]!;
  out[32] =
    DIAGONAL7 +
    TERNARY[Math.imul((pl & 0x08102040) | (ph & 0x00010204), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x08102040) | (oh & 0x00010204), 0x01010101) >>> 24]!;
  out[33] =
    DIAGONAL7 +
    TERNARY[(Math.imul((pl & 0x20408000) | (ph & 0x02040810), 0x01010101) >>> 24) >>> 1]! +
    2 * TERNARY[(Math.imul((ol & 0x20408000) | (oh & 0x02040810), 0x01010101) >>> 24) >>> 1]!;
  out[34] =
    DIAGONAL6 +
    TERNARY[Math.imul((pl & 0x02010000) | (ph & 0x20100804), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x02010000) | (oh & 0x20100804), 0x01010101) >>> 24]!;
  out[35] =
    DIAGONAL6 +
    TERNARY[(Math.imul((pl & 0x20100804) | (ph & 0x00008040), 0x01010101) >>> 24) >>> 2]! +
    2 * TERNARY[(Math.imul((ol & 0x20100804) | (oh & 0x00008040), 0x01010101) >>> 24) >>> 2]!;
  out[36] =
    DIAGONAL6 +
    TERNARY[Math.imul((pl & 0x04081020) | (ph & 0x00000102), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x04081020) | (oh & 0x00000102), 0x01010101) >>> 24]!;
  out[37] =
    DIAGONAL6 +
    TERNARY[(Math.imul((pl & 0x40800000) | (ph & 0x04081020), 0x01010101) >>> 24) >>> 2]! +
    2 * TERNARY[(Math.imul((ol & 0x40800000) | (oh & 0x04081020), 0x01010101) >>> 24) >>> 2]!;
  out[38] =
    DIAGONAL5 +
    TERNARY[Math.imul((pl & 0x01000000) | (ph & 0x10080402), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x01000000) | (oh & 0x10080402), 0x01010101) >>> 24]!;
  out[39] =
    DIAGONAL5 +
    TERNARY[(Math.imul((pl & 0x40201008) | (ph & 0x00000080), 0x01010101) >>> 24) >>> 3]! +
    2 * TERNARY[(Math.imul((ol & 0x40201008) | (oh & 0x00000080), 0x01010101) >>> 24) >>> 3]!;
  out[40] =
    DIAGONAL5 +
    TERNARY[Math.imul((pl & 0x02040810) | (ph & 0x00000001), 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul((ol & 0x02040810) | (oh & 0x00000001), 0x01010101) >>> 24]!;
  out[41] =
    DIAGONAL5 +
    TERNARY[(Math.imul((pl & 0x80000000) | (ph & 0x08102040), 0x01010101) >>> 24) >>> 3]! +
    2 * TERNARY[(Math.imul((ol & 0x80000000) | (oh & 0x08102040), 0x01010101) >>> 24) >>> 3]!;
  out[42] =
    DIAGONAL4 +
    TERNARY[Math.imul(ph & 0x08040201, 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul(oh & 0x08040201, 0x01010101) >>> 24]!;
  out[43] =
    DIAGONAL4 +
    TERNARY[(Math.imul(pl & 0x80402010, 0x01010101) >>> 24) >>> 4]! +
    2 * TERNARY[(Math.imul(ol & 0x80402010, 0x01010101) >>> 24) >>> 4]!;
  out[44] =
    DIAGONAL4 +
    TERNARY[Math.imul(pl & 0x01020408, 0x01010101) >>> 24]! +
    2 * TERNARY[Math.imul(ol & 0x01020408, 0x01010101) >>> 24]!;
  out[45] =
    DIAGONAL4 +
    TERNARY[(Math.imul(ph & 0x10204080, 0x01010101) >>> 24) >>> 4]! +
    2 * TERNARY[(Math.imul(oh & 0x10204080, 0x01010101) >>> 24) >>> 4]!;
  out[46] = CONSTANT_ENTRY;
}

/**
 * Writes the position's ENTRIES raw entries (within a stage) into out[0..ENTRIES): the pattern
 * places' and the constant (`patternEntries`), then the board features'. Allocates nothing.
 */
export function positionEntries(pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  patternEntries(pl, ph, ol, oh, out);
  boardFeatureEntries(pl, ph, ol, oh, out, FEATURES);
  for (let i = FEATURES; i < ENTRIES; i++) out[i]! += BOARD_OFFSET;
}
