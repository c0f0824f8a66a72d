import { describe, expect, it } from "vitest";
import {
  NodeFlag,
  Proof,
  prove,
  Game,
  PASS,
  Position,
  Random,
  Search,
  type SearchParams,
  Solver,
  Tree,
  childToPlay,
  parseCode,
  parseObf,
  selectChild,
} from "../../src/index.js";
import { startTree } from "./startTree.js";
import { exact, frozenClock, params, recordResults, search, value } from "./searchHelpers.js";

// The MCTS-solver: leaves solved, proofs carried up the tree, the move played given them.

describe("MCTS-solver", () => {
  const solver = new Solver();
  const solving = (over: Partial<SearchParams> = {}, seed = 1) =>
    new Search(params(over), { now: frozenClock, random: new Random(seed), solver });
  /** The same traps as above: black to move, 10 empties, one winning move and a lure refuted later. */
  const trap = { code: "011110001111122011212202111222021111122211122122111112210022220110", win: 62, lure: 15 };
  /** The trap after black's lure and white's refutation: black to move, every move loses. */
  const lostAfterLure = (): Position => {
    const p = value(parseCode(trap.code)).position.play(trap.lure);
    return p.play(p.legalSquares().find((m) => exact(p.play(m)) < 0)!);
  };
  const word = (v: number) => (v > 0 ? "win" : v < 0 ? "loss" : "draw");

  it.each([
    // 9 empties, the mover's moves worth 0, -6, -20, -24 and -16 discs.
    ["a draw and losses", "OXXOOOOOOXXXOXOOXOXXXOOO-OOOXX-OXOXXXOOOOOXXXOO--OXXXXOX---X-OO- O", ["draw", "loss"]],
    // 9 empties: -16, -14, -28, -30, -26, and the last move wins by 12.
    ["losses and a win", "-X-OOO-X--XOOXXXXXXXXXXXXXOOOXXX-OXOOXXO-OXOOXOOOOOOOOOOOO-XOOO- O", ["loss", "win"]],
  ])("a leaf solved at its first visit is proven, counted, and valued by its proof: %s", (_, obf, proofs) => {
    // Each root child has 8 empties and is solved at its first visit, in order (unvisited
    // children first, without priors); none proves the root before the last is visited.
    const p = value(parseObf(obf)).position;
    const count = p.legalSquares().length;
    const s = solving({ solveEmpties: 8 });
    expect(s.choose(new Game(p), { visits: count }).solved).toBe(count);
    const worth = { win: 1, draw: 0.5, loss: 0 } as const;
    for (const c of s.rootChildren()) {
      expect(c.visits).toBe(1);
      expect(c.total).toBe(worth[c.proven!]);
    }
    expect(new Set(s.rootChildren().map((c) => c.proven))).toEqual(new Set(proofs));
  });

  it.each([
    ["win", 40],
    ["loss", 10],
    ["draw", 27],
  ] as const)("a finished game's node is valued by its proof once expanded: a %s", (proven, rest) => {
    // X to move; its one move, a1, flips b1 and fills the board. X holds c1, a2 and b2 (no flip
    // along a1's column or diagonal) and `rest` of the other 59 squares: it ends with rest + 5.
    const others = "X".repeat(rest) + "O".repeat(59 - rest);
    const p = value(parseObf(`-OX${others.slice(0, 5)}XX${others.slice(5)} X`)).position;
    expect(p.legalSquares()).toEqual([0]);
    // No leaf solving: the first visit plays the finished game out, the second expands it and
    // reads its proof; a lost root is searched on, each visit reading the proof again.
    const s = search();
    s.choose(new Game(p), { visits: 10 });
    const [child] = s.rootChildren();
    expect(child!.proven).toBe(proven);
    expect(child!.visits).toBeGreaterThanOrEqual(2);
    expect(child!.total).toBe(child!.visits * { win: 1, draw: 0.5, loss: 0 }[proven]);
  });

  it("a proven-won root: the search stops early, plays the proven win and says so", () => {
    const p = value(parseCode(trap.code)).position;
    const report = solving({ solveEmpties: 8 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: trap.win, proven: "win" });
    expect(report.visits).toBeLessThan(200_000);
  });

  it("a proof climbs the path at once: finished games alone prove the trap's root, leaf solving off", () => {
    const p = value(parseCode(trap.code)).position;
    const report = solving({ solveEmpties: 0 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: trap.win, proven: "win" });
    expect(report.visits).toBeLessThan(20_000);
  });

  it("every node it proves agrees with exact search, two plies deep, leaves solved or not", () => {
    const p = value(parseCode(trap.code)).position;
    for (const solveEmpties of [0, 8]) {
      const s = solving({ solveEmpties });
      s.choose(new Game(p), { visits: 10_000 });
      let proven = 0;
      for (const child of s.rootChildren()) {
        const after = p.play(child.move);
        if (child.proven !== undefined) {
          expect(child.proven).toBe(word(-exact(after)));
          proven++;
        }
        for (const gc of s.children([child.move])) {
          if (gc.proven === undefined) continue;
          expect(gc.proven).toBe(word(-exact(after.play(gc.move))));
          proven++;
        }
      }
      expect(proven).toBeGreaterThan(solveEmpties === 0 ? 0 : 20);
    }
  });

  it("the lure, most liked by random playouts, is proven lost and never played", () => {
    const p = value(parseCode(trap.code)).position;
    const s = solving({ solveEmpties: 8 });
    expect(s.choose(new Game(p), { visits: 200_000 }).move).toBe(trap.win);
    expect(s.rootChildren().find((c) => c.move === trap.lure)?.proven).toBe("loss");
  });

  it("a proven-lost root: the search goes on as plain UCT for the move with the best chances, and says it is lost", () => {
    const lost = lostAfterLure();
    expect(exact(lost)).toBeLessThan(0);
    const s = solving({ solveEmpties: 8 });
    const report = s.choose(new Game(lost), { visits: 3000 });
    expect(report).toMatchObject({ visits: 3000, proven: "loss" });
    const children = s.rootChildren();
    expect(children.every((c) => c.proven === "loss")).toBe(true);
    expect(report.moveVisits).toBe(Math.max(...children.map((c) => c.visits)));
    expect(children.filter((c) => c.visits > 100).length).toBeGreaterThan(1);
  });

  it("a proven-lost root's search proves nothing more: the nodes proven before stay the only ones, finished games aside", () => {
    const lost = lostAfterLure();
    const tree = new Tree(200_000);
    const s = new Search(params({ solveEmpties: 4 }), { now: frozenClock, random: new Random(1), solver, tree });
    const game = new Game(lost);
    /** The nodes proven other than by a finished game, by number. */
    const proven = (): number[] => {
      const t = tree;
      const nodes: number[] = [];
      for (let n = 0; n < t.size; n++)
        if ((t.flags[n]! & (NodeFlag.Proven | NodeFlag.Terminal)) === NodeFlag.Proven) nodes.push(n);
      return nodes;
    };
    expect(s.choose(game, { visits: 3000 }).proven).toBe("loss");
    const before = proven();
    const size = tree.size;
    // Searched on from the same tree: every visit now ends at a playout or a finished game.
    expect(s.choose(game, { visits: 20_000 }).reused).toBe(3000);
    expect(tree.size).toBeGreaterThan(size);
    expect(proven()).toEqual(before);
  });

  it("a drawn ending: the only drawing move is played, proven a draw", () => {
    // Black to move; c8 (61) draws and every other move loses (checked by exact search in "backup").
    const p = value(parseCode("222222201111122211211122221112102212221122222111222111112002002110")).position;
    const report = solving({ solveEmpties: 8 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: 61, proven: "draw" });
  });

  it("reads the clock after every leaf solve, so solving leaves cannot overrun the deadline", () => {
    // A position with 16 empties from seeded random play; every leaf two plies down is "solved"
    // by a fake solver that takes 10 ms and calls it a draw.
    const random = new Random(5);
    let p = Position.initial();
    while (p.empties() > 16) {
      const moves = p.legalMoves();
      p = moves.length === 0 ? p.play(PASS) : p.play(moves[random.below(moves.length)]!);
    }
    let t = 0;
    let solves = 0;
    const slow = {
      outcome: () => {
        t += 10;
        solves++;
        return 0;
      },
    };
    const s = new Search(params({ solveEmpties: 14 }), { now: () => t, random: new Random(1), solver: slow });
    const report = s.choose(new Game(p), { timeMs: 100 });
    expect(report.proven).toBeUndefined();
    expect(solves).toBe(10);
    expect(t).toBe(100);
  });

  describe("the move played, given proofs", () => {
    /** The start position's four children with (visits, wins) and proofs, as the search might leave them. */
    function tree(stats: [number, number, number][]): Tree {
      const t = startTree();
      stats.forEach(([v, w, proof], i) => {
        recordResults(t, 1 + i, v, w);
        t.setProof(1 + i, proof);
      });
      t.visits[0] = stats.reduce((a, [v]) => a + v, 0);
      return t;
    }

    it("a trap: the most visited child, with the best mean, is a proven loss; an unproven move is played", () => {
      const t = tree([
        [900, 800, Proof.Loss],
        [50, 10, Proof.Unproven],
        [60, 20, Proof.Unproven],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(t, 0)).toBe(3);
      expect(selectChild(t, 0, 0.3)).toBe(3);
    });

    it("a proven win is played even with few visits and a poor mean", () => {
      const t = tree([
        [900, 800, Proof.Unproven],
        [50, 10, Proof.Unproven],
        [3, 0, Proof.Win],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(t, 0)).toBe(3);
    });

    it("a proven draw beats an unproven move that is losing, not one that is winning", () => {
      const losing = tree([
        [900, 300, Proof.Unproven],
        [50, 10, Proof.Draw],
        [60, 20, Proof.Loss],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(losing, 0)).toBe(2);
      const winning = tree([
        [900, 600, Proof.Unproven],
        [50, 10, Proof.Draw],
        [60, 20, Proof.Loss],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(winning, 0)).toBe(1);
    });

    it("when every child is proven, selection has nothing to descend into", () => {
      const t = tree([
        [9, 8, Proof.Loss],
        [5, 1, Proof.Draw],
        [6, 2, Proof.Loss],
        [5, 5, Proof.Loss],
      ]);
      expect(selectChild(t, 0, 0.3)).toBe(-1);
      expect(prove(t, 0)).toBe(true);
      expect(t.proof[0]).toBe(Proof.Draw);
    });
  });

  describe("Tree.prove", () => {
    function root(proofs: number[]): Tree {
      const t = new Tree(100);
      const p = Position.initial();
      t.reset();
      t.expand(0, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      proofs.forEach((proof, i) => {
        t.setProof(1 + i, proof);
      });
      return t;
    }
    it.each([
      [[Proof.Win, Proof.Unproven, Proof.Unproven, Proof.Unproven], Proof.Loss],
      [[Proof.Loss, Proof.Loss, Proof.Loss, Proof.Loss], Proof.Win],
      [[Proof.Loss, Proof.Draw, Proof.Loss, Proof.Loss], Proof.Draw],
      [[Proof.Loss, Proof.Draw, Proof.Unproven, Proof.Loss], Proof.Unproven],
      [[Proof.Loss, Proof.Loss, Proof.Loss, Proof.Unproven], Proof.Unproven],
    ])("children %j prove the node %i (for the player who moved into it)", (proofs, expected) => {
      const t = root(proofs);
      expect(prove(t, 0)).toBe(expected !== Proof.Unproven);
      expect(t.proof[0]).toBe(expected);
    });

    it("a finished game is proven when expanded, for the player who moved into it", () => {
      // All black, white to move: the game is over and white (to move) has lost; black, who moved, won.
      const over = value(parseCode("1".repeat(64) + "2" + "0")).position;
      const t = new Tree(10);
      t.reset();
      t.expand(0, over.playerLo, over.playerHi, over.opponentLo, over.opponentHi);
      expect(t.proof[0]).toBe(over.blackToMove ? Proof.Loss : Proof.Win);
    });
  });
});
