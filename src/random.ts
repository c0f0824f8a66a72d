/**
 * A small seeded generator (xorshift32 over a splitmix-scrambled seed): fast enough for the
 * playout loop, and the same seed always gives the same games, so tests repeat exactly.
 */
export class Random {
  /** The generator's word; hot loops copy it to a local and store it back. Never zero. */
  state: number;

  constructor(seed: number) {
    let z = (seed | 0) + 0x9e3779b9;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    this.state = z === 0 ? 0x6d2b79f5 : z | 0;
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x;
    return x >>> 0;
  }

  /** A uniform integer in [0, n) for n <= 2^20 (the bias, n / 2^32, is far below sampling noise). */
  below(n: number): number {
    return (this.nextU32() * n * 2.3283064365386963e-10) | 0;
  }

  /** A uniform number in [0, 1). */
  nextFloat(): number {
    return this.nextU32() * 2.3283064365386963e-10;
  }
}

/**
 * A uniform integer in [0, n) from a uniform 32-bit word u, for n <= 64: the top 26 bits of u
 * times n fit in 32 bits, so one integer multiplication does it (the random playout's move
 * choice). The bias, n / 2^26, is far below sampling noise.
 */
export function uniformBelow(u: number, n: number): number {
  return Math.imul(u >>> 6, n) >>> 26;
}
