import { describe, expect, it } from "vitest";
import { Game, PASS, Position, Random, parseCode, parseObf } from "../src/index.js";

function fromCode(code: string): Position {
  const r = parseCode(code);
  if (!r.ok) throw new Error(r.error);
  return r.value.position;
}

describe("moves and flips", () => {
  it("black's four opening moves each flip one disc", () => {
    const p = Position.initial();
    expect(p.legalMoves()).toEqual([19, 26, 37, 44]);
    for (const m of p.legalMoves()) {
      const q = p.play(m);
      expect(q.blackDiscs()).toBe(4);
      expect(q.whiteDiscs()).toBe(1);
      expect(q.blackToMove).toBe(false);
    }
  });

  it("flips along all eight directions at once", () => {
    // Black plays the centre (3,3) of a star of white discs, each line closed by black.
    const discs = Array<0 | 1 | 2>(64).fill(0);
    for (const [dx, dy] of [
      [0, 1],
      [0, -1],
      [1, 0],
      [-1, 0],
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ] as const) {
      discs[(3 + dx) * 8 + 3 + dy] = 2;
      discs[(3 + 2 * dx) * 8 + 3 + 2 * dy] = 1;
    }
    const p = Position.fromDiscs(discs, true);
    const q = p.play(27);
    expect(q.whiteDiscs()).toBe(0);
    expect(q.blackDiscs()).toBe(17);
  });

  it("rejects occupied squares, moves that flip nothing, and unforced passes", () => {
    const g = new Game();
    expect(g.play(27)).toEqual({ ok: false, error: "the square is occupied" });
    expect(g.play(0)).toEqual({ ok: false, error: "the move flips no disc" });
    expect(g.play(PASS).ok).toBe(false);
    expect(g.play(64.5).ok).toBe(false);
    expect(g.position.equals(Position.initial())).toBe(true);
    expect(g.moves).toEqual([]);
  });
});

describe("undo", () => {
  it("restores the exact position after every kind of move, passes included", () => {
    const random = new Random(7);
    for (let game = 0; game < 20; game++) {
      const g = new Game();
      const seen: Position[] = [g.position];
      while (!g.isOver()) {
        const moves = g.position.legalMoves();
        const m = moves[random.below(moves.length)]!;
        expect(g.play(m).ok).toBe(true);
        seen.push(g.position);
      }
      for (let i = seen.length - 1; i > 0; i--) {
        expect(g.position.equals(seen[i]!)).toBe(true);
        expect(g.undo()).toBe(true);
      }
      expect(g.position.equals(Position.initial())).toBe(true);
      expect(g.undo()).toBe(false);
    }
  });

  it("undoes a forced pass", () => {
    const start = fromCode("2222222222222222222222222222222222222222222222222222222222221000" + "10");
    const g = new Game(start);
    expect(g.play(PASS).ok).toBe(true);
    expect(g.passes).toBe(1);
    expect(g.position.blackToMove).toBe(false);
    expect(g.undo()).toBe(true);
    expect(g.position.equals(start)).toBe(true);
    expect(g.passes).toBe(0);
  });
});

describe("the end of the game", () => {
  it("ends on a full board", () => {
    const p = fromCode("1".repeat(33) + "2".repeat(31) + "10");
    expect(p.isGameOver()).toBe(true);
    expect(p.legalMoves()).toEqual([]);
    expect(p.discDifference()).toBe(2);
    expect(p.worldScore()).toBe(2);
    expect(new Game(p).play(PASS).ok).toBe(false);
  });

  it("ends when neither side can move, with empty squares left; the world score gives them to the winner", () => {
    // Black's discs and white's discs are separated by empty squares: nobody can flip anything.
    const p = fromCode("1".repeat(20) + "0".repeat(24) + "2".repeat(10) + "0".repeat(10) + "20");
    expect(p.isGameOver()).toBe(true);
    expect(p.discDifference()).toBe(10);
    expect(p.worldScore()).toBe(10 + 34);
    expect(p.swapped().worldScore()).toBe(10 + 34);
  });

  it("scores a draw as 0 in both counts", () => {
    const p = fromCode("1".repeat(10) + "0".repeat(44) + "2".repeat(10) + "10");
    expect(p.isGameOver()).toBe(true);
    expect(p.discDifference()).toBe(0);
    expect(p.worldScore()).toBe(0);
  });

  it("a wipe-out ends the game at once: white has no disc left", () => {
    // Black a1, white b1: black c1 takes the last white disc.
    const q = fromCode("1200" + "0".repeat(60) + "10");
    const g2 = new Game(q);
    expect(g2.play(2).ok).toBe(true);
    expect(g2.position.whiteDiscs()).toBe(0);
    expect(g2.isOver()).toBe(true);
    expect(g2.position.discDifference()).toBe(3);
    expect(g2.position.worldScore()).toBe(64);
  });

  it("a pass is legal only when forced, and the game goes on after it", () => {
    const p = fromCode("2222222222222222222222222222222222222222222222222222222222221000" + "10");
    expect(p.canMove()).toBe(false);
    expect(p.isGameOver()).toBe(false);
    expect(p.legalMoves()).toEqual([PASS]);
    expect(p.play(PASS).legalSquares().length).toBeGreaterThan(0);
  });
});

describe("endgame problems parse into playable positions", () => {
  it("every best move of an fforum problem is legal", () => {
    const r = parseObf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;");
    if (!r.ok) throw new Error(r.error);
    for (const { move } of r.value.moves) expect(r.value.position.isLegal(move)).toBe(true);
  });
});
