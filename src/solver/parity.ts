/**
 * Quadrant parity. Near the end of the game the side that plays last in a region gains, so
 * the solver first tries moves in quadrants (a1-d4, e1-h4, a5-d8, e5-h8) holding an odd
 * number of empty squares.
 */

/** QUADRANT_BIT[s]: 1 << the quadrant of square s. */
export const QUADRANT_BIT = new Int32Array(64);
for (let s = 0; s < 64; s++) QUADRANT_BIT[s] = 1 << (((s >> 5) << 1) | ((s >> 2) & 1));

const QUADRANT_LO = 0x0f0f0f0f;
const QUADRANT_HI = 0xf0f0f0f0 | 0;

/** Bit q set when quadrant q holds an odd number of the empty squares (el, eh). */
export function quadrantParity(el: number, eh: number): number {
  // The four quadrants' counts, each reduced to its lowest bit.
  let p = 0;
  let x = el & QUADRANT_LO;
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 2;
  x ^= x >>> 1;
  p |= x & 1;
  x = el & QUADRANT_HI;
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 2;
  x ^= x >>> 1;
  p |= ((x >>> 4) & 1) << 1;
  x = eh & QUADRANT_LO;
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 2;
  x ^= x >>> 1;
  p |= (x & 1) << 2;
  x = eh & QUADRANT_HI;
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 2;
  x ^= x >>> 1;
  p |= ((x >>> 4) & 1) << 3;
  return p;
}

/** ODD_SQUARES_LO[parity], ODD_SQUARES_HI[parity]: the squares of the quadrants set in parity. */
export const ODD_SQUARES_LO = new Int32Array(16);
export const ODD_SQUARES_HI = new Int32Array(16);
for (let p = 0; p < 16; p++) {
  ODD_SQUARES_LO[p] = ((p & 1) !== 0 ? QUADRANT_LO : 0) | ((p & 2) !== 0 ? QUADRANT_HI : 0);
  ODD_SQUARES_HI[p] = ((p & 4) !== 0 ? QUADRANT_LO : 0) | ((p & 8) !== 0 ? QUADRANT_HI : 0);
}
