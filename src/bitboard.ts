/**
 * Bitboards as pairs of 32-bit integers.
 *
 * Square s = x * 8 + y (x the row 0..7 from the top, y the column 0..7). The low word holds
 * squares 0..31 (rows 0-3), the high word squares 32..63 (rows 4-7); bit (s & 31) of its word.
 * JavaScript has no fast 64-bit integers, so every board is two `| 0` numbers and the hot
 * functions below take and return words, never objects. A function that yields a pair
 * returns the low word and leaves the high word in `resultHi`, so nothing is allocated.
 */

/** The high word of the pair most recently returned by `legalMoves` or `flips`. */
export let resultHi = 0;

/** Columns 1..6: the only columns a disc can be flipped in horizontally or diagonally. */
const INNER = 0x7e7e7e7e;

/** The number of set bits of each byte of x, in that byte. */
export function byteCounts(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (x + (x >>> 4)) & 0x0f0f0f0f;
}

export function popcount(x: number): number {
  return Math.imul(byteCounts(x), 0x01010101) >>> 24;
}

/** The set bits of the pair (lo, hi): the words' byte counts added first (a byte holds at most 16), so one multiplication sums all eight. */
export function pairCount(lo: number, hi: number): number {
  return Math.imul(byteCounts(lo) + byteCounts(hi), 0x01010101) >>> 24;
}

/** SELECT8[b * 8 + r]: the index of the r-th (from 0) set bit of the byte b. */
const SELECT8 = new Uint8Array(256 * 8);
for (let b = 0; b < 256; b++) {
  for (let i = 0, r = 0; i < 8; i++) if (((b >> i) & 1) !== 0) SELECT8[b * 8 + r++] = i;
}

/**
 * The square of rank r (0 = the lowest square) among the squares of the pair (lo, hi), which
 * has more than r. A random playout picks its move with this, so it has no branch, no loop
 * (whose exit would mispredict) and one table look-up: multiplying the byte counts by
 * 0x01010101 gives in byte k the count of bytes 0..k, and one subtraction compares all four
 * with r at once.
 */
export function nthSquare(lo: number, hi: number, r: number): number {
  const countsLo = byteCounts(lo);
  const countsHi = byteCounts(hi);
  const inLo = Math.imul(countsLo, 0x01010101) >>> 24;
  const low = (r - inLo) >> 31; // -1 when the square is in the low word
  r -= inLo & ~low;
  const w = (lo & low) | (hi & ~low);
  const prefix = Math.imul((countsLo & low) | (countsHi & ~low), 0x01010101);
  // Bytes whose running count exceeds r get their top bit; the lowest such byte holds the square.
  const above = ((prefix | 0x80808080) - Math.imul(r + 1, 0x01010101)) & 0x80808080;
  const shift = 24 - Math.clz32(above & -above);
  r -= ((prefix << 8) >>> shift) & 255;
  return (32 & ~low) + shift + SELECT8[(((w >>> shift) & 255) << 3) | r]!;
}

/** Index of the lowest set bit of a non-zero word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Whether square s is set in the pair (lo, hi). */
export function hasSquare(lo: number, hi: number, s: number): boolean {
  return (((s < 32 ? lo : hi) >>> (s & 31)) & 1) !== 0;
}

/** The low word of the single-square board {s}; `squareHi` is its high word. */
export function squareLo(s: number): number {
  return s < 32 ? 1 << s : 0;
}

export function squareHi(s: number): number {
  return s < 32 ? 0 : 1 << (s - 32);
}

/**
 * Legal moves of the player (pl, ph) against the opponent (ol, oh): the low word, high word
 * in `resultHi`. For each direction the run of opponent discs next to a player disc is grown
 * inside one word, then carried across the row 3 / row 4 seam once (a line crosses it at
 * most once), which costs about half of shifting both words at every step.
 */
export function legalMoves(pl: number, ph: number, ol: number, oh: number): number {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const il = ol & INNER;
  const ih = oh & INNER;
  let rl = 0;
  let rh = 0;
  let t: number;
  let u: number;
  let pre: number;
  // East and west never cross words. Eastwards (towards higher bits) an addition carries a
  // player disc's bit through the run of opponent discs after it onto the square past the
  // run; runs lie in columns 1-6, so the carry stops in the same row.
  rl |= (il + ((pl << 1) & il)) & ~il & el;
  rh |= (ih + ((ph << 1) & ih)) & ~ih & eh;
  // Westwards, doubling steps cover runs of up to six discs.
  t = (pl >>> 1) & il;
  t |= (t >>> 1) & il;
  pre = il & (il >>> 1);
  t |= pre & (t >>> 2);
  t |= pre & (t >>> 2);
  rl |= (t >>> 1) & el;
  t = (ph >>> 1) & ih;
  t |= (t >>> 1) & ih;
  pre = ih & (ih >>> 1);
  t |= pre & (t >>> 2);
  t |= pre & (t >>> 2);
  rh |= (t >>> 1) & eh;
  // South (+8), south-east (+9), south-west (+7): the low word first, then carried into the high one.
  t = (pl << 8) & ol;
  t |= (t << 8) & ol;
  t |= (t << 8) & ol;
  rl |= (t << 8) & el;
  u = ((ph << 8) | ((pl | t) >>> 24)) & oh;
  u |= (u << 8) & oh;
  u |= (u << 8) & oh;
  rh |= ((u << 8) | (t >>> 24)) & eh;
  t = (pl << 9) & il;
  t |= (t << 9) & il;
  t |= (t << 9) & il;
  rl |= (t << 9) & el;
  u = ((ph << 9) | ((pl | t) >>> 23)) & ih;
  u |= (u << 9) & ih;
  u |= (u << 9) & ih;
  rh |= ((u << 9) | (t >>> 23)) & eh;
  t = (pl << 7) & il;
  t |= (t << 7) & il;
  t |= (t << 7) & il;
  rl |= (t << 7) & el;
  u = ((ph << 7) | ((pl | t) >>> 25)) & ih;
  u |= (u << 7) & ih;
  u |= (u << 7) & ih;
  rh |= ((u << 7) | (t >>> 25)) & eh;
  // North (-8), north-west (-9), north-east (-7): the high word first, then carried into the low one.
  t = (ph >>> 8) & oh;
  t |= (t >>> 8) & oh;
  t |= (t >>> 8) & oh;
  rh |= (t >>> 8) & eh;
  u = ((pl >>> 8) | ((ph | t) << 24)) & ol;
  u |= (u >>> 8) & ol;
  u |= (u >>> 8) & ol;
  rl |= ((u >>> 8) | (t << 24)) & el;
  t = (ph >>> 9) & ih;
  t |= (t >>> 9) & ih;
  t |= (t >>> 9) & ih;
  rh |= (t >>> 9) & eh;
  u = ((pl >>> 9) | ((ph | t) << 23)) & il;
  u |= (u >>> 9) & il;
  u |= (u >>> 9) & il;
  rl |= ((u >>> 9) | (t << 23)) & el;
  t = (ph >>> 7) & ih;
  t |= (t >>> 7) & ih;
  t |= (t >>> 7) & ih;
  rh |= (t >>> 7) & eh;
  u = ((pl >>> 7) | ((ph | t) << 25)) & il;
  u |= (u >>> 7) & il;
  u |= (u >>> 7) & il;
  rl |= ((u >>> 7) | (t << 25)) & el;
  resultHi = rh;
  return rl;
}

/** Whether the player (pl, ph) has at least one legal move. */
export function hasLegalMove(pl: number, ph: number, ol: number, oh: number): boolean {
  return (legalMoves(pl, ph, ol, oh) | resultHi) !== 0;
}

/** How many legal moves the player (pl, ph) has against (ol, oh): its mobility. */
export function moveCount(pl: number, ph: number, ol: number, oh: number): number {
  return pairCount(legalMoves(pl, ph, ol, oh), resultHi);
}

// Flips by lines ("kindergarten" tables): each of the four lines through the square is
// gathered into 8 bits, two small tables give the discs flipped on that line, and the
// result is spread back. No loops and almost no branches, so random playouts do not stall
// on mispredicted jumps.

/**
 * The line tables, in one array so that the compiled code checks and loads one object.
 * LINE[i * 256 + o] (outflanks): on a line where the square is at i and o holds the
 * opponent's discs, the squares just past each run of opponent discs next to i.
 * LINE[FLIPPED + i * 256 + f]: the squares strictly between i and each square of f.
 */
const LINE = new Uint8Array(2 * 8 * 256);
const FLIPPED = 2048;
/** MASKS[4 * s + k]: the diagonal through s (low word, high word), then the anti-diagonal. */
const MASKS = new Int32Array(4 * 64);

for (let i = 0; i < 8; i++) {
  for (let o = 0; o < 256; o++) {
    let m = 0;
    for (const d of [1, -1]) {
      let j = i + d;
      while (j >= 0 && j < 8 && ((o >> j) & 1) !== 0) j += d;
      if (j !== i + d && j >= 0 && j < 8) m |= 1 << j;
    }
    LINE[i * 256 + o] = m;
  }
  for (let f = 0; f < 256; f++) {
    let m = 0;
    for (let j = 0; j < 8; j++) {
      if (((f >> j) & 1) === 0) continue;
      for (let k = Math.min(i, j) + 1; k < Math.max(i, j); k++) m |= 1 << k;
    }
    LINE[FLIPPED + i * 256 + f] = m;
  }
}
for (let s = 0; s < 64; s++) {
  const x = s >> 3;
  const y = s & 7;
  for (let t = 0; t < 64; t++) {
    const tx = t >> 3;
    const ty = t & 7;
    const bit = 1 << (t & 31);
    const word = t < 32 ? 0 : 1;
    if (tx - ty === x - y) MASKS[4 * s + word]! |= bit;
    if (tx + ty === x + y) MASKS[4 * s + 2 + word]! |= bit;
  }
}
/** The flips' tables, for the WebAssembly endgame kernel's copy (never written outside this module). */
export const FLIP_LINES: Uint8Array = LINE;
export const DIAGONAL_MASKS: Int32Array = MASKS;

/**
 * The discs that a move by the player (pl, ph) on the empty square s flips: low word, high
 * word in `resultHi`. Zero means s is not a legal move.
 */
export function flips(s: number, pl: number, ph: number, ol: number, oh: number): number {
  const x = s >>> 3;
  const y = s & 7;
  const low = (s - 32) >> 31;
  const iy = y << 8;
  const ix = x << 8;
  let lo = 0;
  let hi = 0;
  let p8: number;
  let o8: number;
  let f: number;
  // Row x, indexed by column.
  const shift = x << 3; // shift counts are taken mod 32, so this also places rows 4-7 in the high word
  p8 = (((pl & low) | (ph & ~low)) >>> shift) & 255;
  o8 = (((ol & low) | (oh & ~low)) >>> shift) & 255;
  f = LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]! << shift;
  lo |= f & low;
  hi |= f & ~low;
  // Column y, indexed by row: rows 0-3 at bits 0, 8, 16, 24 and rows 4-7 at bits 4, 12, 20,
  // 28 of one word, which one multiplication gathers into its top byte. Flips never reach
  // rows 0 and 7, so one multiplication spreads them back without carries.
  p8 = Math.imul(((pl >>> y) & 0x01010101) | (((ph >>> y) & 0x01010101) << 4), 0x01020408) >>> 24;
  o8 = Math.imul(((ol >>> y) & 0x01010101) | (((oh >>> y) & 0x01010101) << 4), 0x01020408) >>> 24;
  f = Math.imul(LINE[FLIPPED | ix | (LINE[ix | o8]! & p8)]!, 0x00204081);
  lo |= (f & 0x01010101) << y;
  hi |= ((f >>> 4) & 0x01010101) << y;
  // Both diagonals, indexed by column: a diagonal has one square per row and column, so its
  // squares of both words fit in one word, and summing that word's bytes (a multiplication)
  // collapses it into a row without carries.
  const m = s << 2;
  let ml = MASKS[m]!;
  let mh = MASKS[m | 1]!;
  p8 = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
  o8 = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
  f = Math.imul(LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]!, 0x01010101);
  lo |= f & ml;
  hi |= f & mh;
  ml = MASKS[m | 2]!;
  mh = MASKS[m | 3]!;
  p8 = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
  o8 = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
  f = Math.imul(LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]!, 0x01010101);
  lo |= f & ml;
  hi |= f & mh;
  resultHi = hi;
  return lo;
}

/**
 * How many discs a move by the player (pl, ph) on the empty square s flips (0: not legal).
 * The endgame solver's last move needs only this number, so the four lines' flips are
 * counted where they are looked up, each in its own byte of one word, and never spread back
 * onto the board.
 */
export function flipCount(s: number, pl: number, ph: number, ol: number, oh: number): number {
  const x = s >>> 3;
  const y = s & 7;
  const low = (s - 32) >> 31;
  const iy = y << 8;
  const ix = x << 8;
  const shift = x << 3;
  let p8 = (((pl & low) | (ph & ~low)) >>> shift) & 255;
  let o8 = (((ol & low) | (oh & ~low)) >>> shift) & 255;
  let lines = LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]!;
  p8 = Math.imul(((pl >>> y) & 0x01010101) | (((ph >>> y) & 0x01010101) << 4), 0x01020408) >>> 24;
  o8 = Math.imul(((ol >>> y) & 0x01010101) | (((oh >>> y) & 0x01010101) << 4), 0x01020408) >>> 24;
  lines |= LINE[FLIPPED | ix | (LINE[ix | o8]! & p8)]! << 8;
  const m = s << 2;
  let ml = MASKS[m]!;
  let mh = MASKS[m | 1]!;
  p8 = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
  o8 = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
  lines |= LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]! << 16;
  ml = MASKS[m | 2]!;
  mh = MASKS[m | 3]!;
  p8 = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
  o8 = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
  lines |= LINE[FLIPPED | iy | (LINE[iy | o8]! & p8)]! << 24;
  return popcount(lines);
}
