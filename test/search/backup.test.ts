import { describe, expect, it } from "vitest";
import { NodeFlag, Game, PASS, Position, Random, Search, Tree, parseCode } from "../../src/index.js";
import { exact, frozenClock, params, search, value } from "./searchHelpers.js";

// What a visit records up the tree: the nodes, the backup of results, passes, refutations.

describe("the tree's nodes", () => {
  it("expands a forced pass into a single pass child and a finished game into none", () => {
    const tree = new Tree(10);
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    tree.reset();
    tree.expand(0, forced.playerLo, forced.playerHi, forced.opponentLo, forced.opponentHi);
    expect(tree.childCount[0]).toBe(1);
    expect(tree.move[tree.firstChild[0]!]).toBe(PASS);
    const over = value(parseCode("1".repeat(64) + "10")).position;
    tree.reset();
    tree.expand(0, over.playerLo, over.playerHi, over.opponentLo, over.opponentHi);
    expect(tree.childCount[0]).toBe(0);
    expect(tree.flags[0]! & NodeFlag.Expanded).toBe(NodeFlag.Expanded);
  });

  it("keeps the discs each child's move gains, the square and its flips (none for a pass), which the descent applies", () => {
    const tree = new Tree(100);
    // After one move: the replies play in both words and flip across the row 3 / row 4 seam.
    const start = Position.initial();
    const p = start.play(start.legalMoves()[0]!);
    tree.reset();
    tree.expand(0, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
    const first = tree.firstChild[0]!;
    expect(tree.childCount[0]).toBeGreaterThan(1);
    for (let c = first; c < first + tree.childCount[0]!; c++) {
      const next = p.play(tree.move[c]!);
      // The mover's discs are the opponent's in the next position, which the opponent's lost discs were.
      expect(p.playerLo | tree.gained[2 * c]!).toBe(next.opponentLo);
      expect(p.playerHi | tree.gained[2 * c + 1]!).toBe(next.opponentHi);
      expect(p.opponentLo & ~tree.gained[2 * c]!).toBe(next.playerLo);
      expect(p.opponentHi & ~tree.gained[2 * c + 1]!).toBe(next.playerHi);
    }
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    tree.reset();
    tree.expand(0, forced.playerLo, forced.playerHi, forced.opponentLo, forced.opponentHi);
    expect([tree.gained[2 * tree.firstChild[0]!], tree.gained[2 * tree.firstChild[0]! + 1]]).toEqual([0, 0]);
  });
});

describe("backup", () => {
  /** A fake playout: the side to move at the leaf always ends with `diff` discs more. */
  const constant = (diff: number) => () => diff;
  const fake = (diff: number, seed = 3) =>
    new Search(params(), { now: frozenClock, random: new Random(seed), playout: constant(diff) });

  it("alternates the point of view up the path: a node wins exactly the playouts its children's movers lost", () => {
    const s = fake(+10);
    const g = new Game();
    s.choose(g, { visits: 3000 });
    let checked = 0;
    for (const child of s.rootChildren()) {
      const grandchildren = s.children([child.move]);
      if (grandchildren.length === 0) continue;
      // The child's own first playout ended at it, a win for the side to move there: a loss for the child's mover.
      expect(child.total).toBe(grandchildren.reduce((sum, gc) => sum + gc.visits - gc.total, 0));
      expect(child.total).toBeGreaterThan(0);
      checked++;
    }
    expect(checked).toBe(4);
  });

  it("counts draws as draws, at every node of the path", () => {
    const s = fake(0);
    s.choose(new Game(), { visits: 2000 });
    const nodes = [...s.rootChildren(), ...s.rootChildren().flatMap((c) => s.children([c.move]))];
    expect(nodes.length).toBeGreaterThan(4);
    for (const n of nodes) expect(n).toMatchObject({ total: n.visits / 2, winRate: n.visits > 0 ? 0.5 : NaN });
  });

  it("keeps the sums of squares that pruning needs, and only when it prunes", () => {
    const tree = new Tree(200_000);
    const pruning = new Search(params({ ppR: 1 }), {
      now: frozenClock,
      random: new Random(3),
      playout: constant(0),
      tree,
    });
    pruning.choose(new Game(), { visits: 2000 });
    // Half a point each time, not wins and losses in equal numbers: every square is a quarter.
    expect(tree.spreads).toBe(true);
    for (let n = 0; n < tree.size; n++) expect(tree.squares[n]).toBe(tree.visits[n]! / 4);
    const untracked = new Tree(200_000);
    const plain = new Search(params(), {
      now: frozenClock,
      random: new Random(3),
      playout: constant(0),
      tree: untracked,
    });
    plain.choose(new Game(), { visits: 2000 });
    expect(untracked.spreads).toBe(false);
    expect(untracked.visits[0]).toBe(2000);
    for (let n = 0; n < untracked.size; n++) expect(untracked.squares[n]).toBe(0);
    expect(() => untracked.sigma(0)).toThrow(/keeps no squares/);
  });

  // Endings (found by exact search) where one move draws and every other loses.
  it.each([
    ["222222201111122211211122221112102212221122222111222111112002002110", 61],
    ["111211112112211201111112212211222122122122112221201112200002222210", 55],
    ["111120001112222212222202102212121121212211212122111122222011112210", 25],
  ])("a drawn ending %s: the search takes the only draw, %i, where everything else loses", (code, draw) => {
    const p = value(parseCode(code)).position;
    expect(p.legalSquares().filter((m) => exact(p.play(m)) <= 0 && exact(p.play(m)) === 0)).toEqual([draw]);
    expect(
      Math.max(
        ...p
          .legalSquares()
          .filter((m) => m !== draw)
          .map((m) => -exact(p.play(m))),
      ),
    ).toBeLessThan(0);
    expect(search({}, 1).choose(new Game(p), { visits: 20000 }).move).toBe(draw);
  });
});

describe("passes inside the tree", () => {
  // White to move; white g1 leaves black without a move, and white then has several.
  const p = value(parseCode("221111001221111112111100121111101111211201111210111122210022222220")).position;

  it("selection swaps sides after a pass: the pass node's children are the right side's moves", () => {
    expect(p.blackToMove).toBe(false);
    const afterPass = p.play(6).play(PASS);
    expect(p.play(6).canMove()).toBe(false);
    expect(afterPass.legalSquares().length).toBeGreaterThanOrEqual(2);
    const s = search({}, 5);
    s.choose(new Game(p), { visits: 20000 });
    expect(s.children([6]).map((c) => c.move)).toEqual([PASS]);
    expect(
      s
        .children([6, PASS])
        .map((c) => c.move)
        .sort((a, b) => a - b),
    ).toEqual(afterPass.legalSquares());
  });

  it("the principal variation is a legal line through the pass", () => {
    const s = search({}, 5);
    const report = s.choose(new Game(p), { visits: 20000 });
    const g = new Game(p);
    for (const move of report.pv) expect(g.play(move).ok).toBe(true);
  });
});

describe("refutations deeper than one ply", () => {
  // Endings in which the move random playouts like best loses to the opponent's one good reply,
  // and exactly one move wins (found by exact search; the averages are over random playouts).
  const traps = [
    // Black to move: g8 (62) wins by 10; the playouts prefer h2 (15), which loses by 8.
    { code: "011110001111122011212202111222021111122211122122111112210022220110", win: 62, lure: 15 },
    // Black to move: e2 (12) wins by 6; the playouts prefer c7 (50), which loses by 2.
    { code: "022222210022022111111121112212111122211112222111000111100011222210", win: 12, lure: 50 },
  ];
  for (const { code, win, lure } of traps) {
    const p = value(parseCode(code)).position;
    it(`finds the only win ${win}, not the lure ${lure} that is refuted later`, () => {
      expect(p.legalSquares().filter((m) => -exact(p.play(m)) > 0)).toEqual([win]);
      expect(-exact(p.play(lure))).toBeLessThan(0);
      expect(search({}, 1).choose(new Game(p), { visits: 20000 }).move).toBe(win);
    });
  }
});
