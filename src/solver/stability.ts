import { popcount } from "../bitboard.js";

/**
 * Stable discs: discs that no sequence of moves can flip. A disc is stable when, on each of
 * its four lines (row, column, both diagonals), the line is full or a neighbour on it is a
 * stable disc of its colour or the edge of the board: then no run through it can be
 * outflanked on that line. Edges are exact, from a table of every edge configuration; the
 * rest starts from the discs whose four lines are full and grows from stable neighbours.
 * Stable opponent discs bound the mover's final score from above (the solver's stability
 * cut-off).
 */

/**
 * EDGE_STABLE[p << 8 | o]: on one edge holding the discs p and o (bit i = square i of the
 * line), the squares whose disc keeps its colour whatever is played on the edge later. Moves
 * are tried on every empty square for both colours, legal or not on the whole board, so the
 * table never claims too much.
 */
const EDGE_STABLE = new Uint8Array(65536);
const edgeKnown = new Uint8Array(65536);

/** The discs of `mine` flipped on a line when `theirs` is placed on the empty square e (bit e). */
function lineFlips(e: number, mine: number, theirs: number): number {
  let flipped = 0;
  for (const step of [1, -1]) {
    let run = 0;
    let i = e + step;
    while (i >= 0 && i < 8 && ((mine >> i) & 1) !== 0) {
      run |= 1 << i;
      i += step;
    }
    if (run !== 0 && i >= 0 && i < 8 && ((theirs >> i) & 1) !== 0) flipped |= run;
  }
  return flipped;
}

function edgeStable(p: number, o: number): number {
  const key = (p << 8) | o;
  if (edgeKnown[key] !== 0) return EDGE_STABLE[key]!;
  let stable = p | o;
  const empty = ~(p | o) & 255;
  for (let e = 0; e < 8 && stable !== 0; e++) {
    if (((empty >> e) & 1) === 0) continue;
    const bit = 1 << e;
    let f = lineFlips(e, o, p);
    stable &= edgeStable(p | bit | f, o & ~f) & ~f;
    f = lineFlips(e, p, o);
    stable &= edgeStable(p & ~f, o | bit | f) & ~f;
  }
  edgeKnown[key] = 1;
  EDGE_STABLE[key] = stable;
  return stable;
}
for (let p = 0; p < 256; p++) for (let o = 0; o < 256; o++) if ((p & o) === 0) edgeStable(p, o);

/** COLUMN_LO[b], COLUMN_HI[b]: the byte b (bit r = row r) spread onto column 0. */
const COLUMN_LO = new Int32Array(256);
const COLUMN_HI = new Int32Array(256);
for (let b = 0; b < 256; b++) {
  for (let r = 0; r < 4; r++) {
    if (((b >> r) & 1) !== 0) COLUMN_LO[b]! |= 1 << (8 * r);
    if (((b >> (r + 4)) & 1) !== 0) COLUMN_HI[b]! |= 1 << (8 * r);
  }
}

/** Column c of the pair (lo, hi) as a byte, bit r = row r. */
function column(lo: number, hi: number, c: number): number {
  return Math.imul(((lo >>> c) & 0x01010101) | (((hi >>> c) & 0x01010101) << 4), 0x01020408) >>> 24;
}

/** The 15 diagonals (row - column constant) and 15 anti-diagonals (row + column constant), low and high words. */
const DIAGONALS = new Int32Array(60);
for (let s = 0; s < 64; s++) {
  const r = s >> 3;
  const c = s & 7;
  const word = s < 32 ? 0 : 1;
  DIAGONALS[2 * (r - c + 7) + word]! |= 1 << (s & 31);
  DIAGONALS[30 + 2 * (r + c) + word]! |= 1 << (s & 31);
}

const COLUMN_0 = 0x01010101;
const COLUMN_7 = 0x80808080 | 0;
const ROW_0 = 0xff;
const ROW_7 = 0xff000000 | 0;

/** The high word of the last `stableSquares`. */
export let stableHi = 0;

/** The number of stable discs of the player (pl, ph) against the opponent (ol, oh). */
export function stableDiscs(pl: number, ph: number, ol: number, oh: number): number {
  return popcount(stableSquares(pl, ph, ol, oh)) + popcount(stableHi);
}

/** The stable discs of the player (pl, ph) against the opponent (ol, oh): the low word, the high word in `stableHi`. */
export function stableSquares(pl: number, ph: number, ol: number, oh: number): number {
  const fl = pl | ol;
  const fh = ph | oh;
  // Lines that are full, per direction.
  let rowsLo = 0,
    rowsHi = 0,
    columnsLo = 0,
    columnsHi = 0,
    diagLo = 0,
    diagHi = 0,
    antiLo = 0,
    antiHi = 0;
  // Stryker disable next-line EqualityOperator: a fifth row, shifted by 32, is the first again (shifts count mod 32).
  for (let r = 0; r < 4; r++) {
    if (((fl >>> (8 * r)) & 255) === 255) rowsLo |= 255 << (8 * r);
    if (((fh >>> (8 * r)) & 255) === 255) rowsHi |= 255 << (8 * r);
  }
  const fullColumns = fl & fh & (fl >>> 8) & (fh >>> 8) & (fl >>> 16) & (fh >>> 16) & (fl >>> 24) & (fh >>> 24) & 255;
  columnsLo = Math.imul(fullColumns, 0x01010101);
  columnsHi = columnsLo;
  // Stryker disable next-line EqualityOperator: entries 60 and 61 are past the table's end: undefined, never full.
  for (let d = 0; d < 60; d += 2) {
    const ml = DIAGONALS[d]!;
    const mh = DIAGONALS[d + 1]!;
    if ((fl & ml) === ml && (fh & mh) === mh) {
      // Stryker disable next-line EqualityOperator: d = 30 is a1's one-square line; the edges settle a1 either way.
      if (d < 30) {
        diagLo |= ml;
        diagHi |= mh;
      } else {
        antiLo |= ml;
        antiHi |= mh;
      }
    }
  }
  // The edges, exact from the table.
  let sl = EDGE_STABLE[((pl & 255) << 8) | (ol & 255)]! & pl;
  let sh = (EDGE_STABLE[((ph >>> 24) << 8) | (oh >>> 24)]! << 24) & ph;
  let b = EDGE_STABLE[(column(pl, ph, 0) << 8) | column(ol, oh, 0)]!;
  sl |= COLUMN_LO[b]! & pl;
  sh |= COLUMN_HI[b]! & ph;
  b = EDGE_STABLE[(column(pl, ph, 7) << 8) | column(ol, oh, 7)]!;
  sl |= (COLUMN_LO[b]! << 7) & pl;
  sh |= (COLUMN_HI[b]! << 7) & ph;
  // Inner discs whose four lines are full.
  sl |= pl & rowsLo & columnsLo & diagLo & antiLo;
  sh |= ph & rowsHi & columnsHi & diagHi & antiHi;
  // Grow: a disc is stable when each of its lines is full or has a stable neighbour (or the edge) on it.
  for (;;) {
    const horizontalLo = rowsLo | ((sl << 1) & ~COLUMN_0) | ((sl >>> 1) & ~COLUMN_7) | COLUMN_0 | COLUMN_7;
    const horizontalHi = rowsHi | ((sh << 1) & ~COLUMN_0) | ((sh >>> 1) & ~COLUMN_7) | COLUMN_0 | COLUMN_7;
    const verticalLo = columnsLo | (sl << 8) | (sl >>> 8) | (sh << 24) | ROW_0;
    const verticalHi = columnsHi | (sh << 8) | (sl >>> 24) | (sh >>> 8) | ROW_7;
    const diagonalLo =
      diagLo | ((sl << 9) & ~COLUMN_0) | (((sl >>> 9) | (sh << 23)) & ~COLUMN_7) | ROW_0 | COLUMN_0 | COLUMN_7;
    const diagonalHi =
      diagHi | (((sh << 9) | (sl >>> 23)) & ~COLUMN_0) | ((sh >>> 9) & ~COLUMN_7) | ROW_7 | COLUMN_0 | COLUMN_7;
    const antiLo2 =
      antiLo | ((sl << 7) & ~COLUMN_7) | (((sl >>> 7) | (sh << 25)) & ~COLUMN_0) | ROW_0 | COLUMN_0 | COLUMN_7;
    const antiHi2 =
      antiHi | (((sh << 7) | (sl >>> 25)) & ~COLUMN_7) | ((sh >>> 7) & ~COLUMN_0) | ROW_7 | COLUMN_0 | COLUMN_7;
    const nl = sl | (pl & horizontalLo & verticalLo & diagonalLo & antiLo2);
    const nh = sh | (ph & horizontalHi & verticalHi & diagonalHi & antiHi2);
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  stableHi = sh;
  return sl;
}
