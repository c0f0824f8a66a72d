/**
 * The two functions of a visit count that UCT's selection needs at every level of every visit,
 * sqrt(ln N) for a parent and 1 / sqrt(n) for a child, counts offset by the priors' virtual
 * visits, looked up for small counts. Math.log costs tens of nanoseconds, and there is one per
 * level of every visit: a sizeable share of a random playout's time. Each entry is the value
 * Math computes, so a search gives the same results with the tables as without them.
 */

/** Counts below this are looked up: a table of 1 MiB for each offset in use. */
const SIZE = 1 << 16;

export class SelectionTables {
  /**
   * Both functions of each count side by side: a visit looks up sqrt(ln N) for a node as a
   * parent on the way down and 1 / sqrt(N + 1) for it on the way up, most often in one line.
   * Two tables of their own cost a cache miss more a level, in a tree larger than the cache.
   */
  private readonly terms = new Float64Array(2 * SIZE);

  /** `offset`: the virtual visits added to every count (the priors'; 0 without). */
  constructor(readonly offset: number) {
    // Stryker disable next-line EqualityOperator: a write past a typed array's end is dropped, so `<=` changes nothing.
    for (let v = 0; v < SIZE; v++) {
      this.terms[2 * v] = Math.sqrt(Math.log(v + offset));
      this.terms[2 * v + 1] = 1 / Math.sqrt(v + offset);
    }
  }

  /** sqrt(ln(visits + offset)) for whole visits >= 0 (NaN when that is 0, as Math gives it). */
  sqrtLog(visits: number): number {
    // Stryker disable next-line ConditionalExpression: the table holds what the formula gives; only the time differs.
    return visits < SIZE ? this.terms[2 * visits]! : Math.sqrt(Math.log(visits + this.offset));
  }

  /** 1 / sqrt(visits + offset) for whole visits >= 0 (Infinity when that is 0). */
  inverseSqrt(visits: number): number {
    // Stryker disable next-line ConditionalExpression: the table holds what the formula gives; only the time differs.
    return visits < SIZE ? this.terms[2 * visits + 1]! : 1 / Math.sqrt(visits + this.offset);
  }
}

const made = new Map<number, SelectionTables>();

/** The tables for this offset, made at the first call and shared after (every tree of a search uses the same). */
export function selectionTables(offset: number): SelectionTables {
  let tables = made.get(offset);
  if (tables === undefined) {
    tables = new SelectionTables(offset);
    made.set(offset, tables);
  }
  return tables;
}
