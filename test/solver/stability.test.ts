import { describe, expect, it } from "vitest";
import { Position, Random, flips, legalMoves, parseObf, popcount, resultHi } from "../../src/index.js";
import { stableDiscs, stableHi, stableSquares } from "../../src/solver/stability.js";

function board(text: string, blackToMove = true): Position {
  const p = parseObf(`${text.replace(/\s/g, "")} ${blackToMove ? "X" : "O"}`);
  if (!p.ok) throw new Error(p.error);
  return p.value.position;
}

/** The player's discs that some line of legal play (passes included) turns over, found by walking every line. */
function everFlipped(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  mine: boolean,
  out: { lo: number; hi: number },
): void {
  const ml = legalMoves(pl, ph, ol, oh);
  const mh = resultHi;
  if ((ml | mh) === 0) {
    if (!legalMovesExist(ol, oh, pl, ph)) return;
    everFlipped(ol, oh, pl, ph, !mine, out);
    return;
  }
  for (let s = 0; s < 64; s++) {
    const lo = s < 32;
    if ((((lo ? ml : mh) >>> (s & 31)) & 1) === 0) continue;
    const fl = flips(s, pl, ph, ol, oh);
    const fh = resultHi;
    // Discs of the original player flipped now: the opponent's flips when the original player is not to move.
    if (!mine) {
      out.lo |= fl;
      out.hi |= fh;
    }
    everFlipped(ol & ~fl, oh & ~fh, pl | fl | (lo ? 1 << s : 0), ph | fh | (lo ? 0 : 1 << (s - 32)), !mine, out);
  }
}

function legalMovesExist(pl: number, ph: number, ol: number, oh: number): boolean {
  return (legalMoves(pl, ph, ol, oh) | resultHi) !== 0;
}

describe("stable discs", () => {
  it("every disc of a full board", () => {
    const p = board(`XXXXXXXX XXXXOOOO XXOXXOOO XOXXXOOO XXXOOXOO OOOOOOOO XOXOXOXO OXOXOXOX`);
    expect(stableDiscs(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi)).toBe(p.blackDiscs());
    expect(stableDiscs(p.opponentLo, p.opponentHi, p.playerLo, p.playerHi)).toBe(p.whiteDiscs());
  });

  it("a corner and the edge discs that lean on it, not a lone edge disc", () => {
    const p = board(`XXX--X-- X------- -------- -------- -------- -------- -------- --------`);
    // a1, b1, c1 and a2 lean on the corner; f1 can still be outflanked along the edge.
    expect(stableDiscs(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi)).toBe(4);
  });

  it("never claims a disc that some line of play flips (random endings, every line walked)", () => {
    const random = new Random(11);
    let checked = 0;
    let found = 0;
    while (checked < 150) {
      let p = Position.initial();
      const empties = 5 + random.below(4);
      while (p.empties() > empties && !p.isGameOver()) {
        const moves = p.legalMoves();
        p = p.play(moves[random.below(moves.length)]!);
      }
      if (p.isGameOver()) continue;
      checked++;
      const out = { lo: 0, hi: 0 };
      everFlipped(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, true, out);
      const sl = stableSquares(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      const sh = stableHi;
      expect([sl & out.lo, sh & out.hi]).toEqual([0, 0]);
      expect([sl & ~p.playerLo, sh & ~p.playerHi]).toEqual([0, 0]);
      found += popcount(sl) + popcount(sh);
    }
    // Not vacuous: endings have stable discs.
    expect(found).toBeGreaterThan(150);
  });
});
