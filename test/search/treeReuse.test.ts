import { describe, expect, it } from "vitest";
import { Game, Random, Search, Tree, parseCode } from "../../src/index.js";
import { frozenClock, otp, params, search, value } from "./searchHelpers.js";

// The tree kept from move to move (keptTree.ts), as the search reuses it.

describe("tree reuse", () => {
  it("after genmove and a reply, the next search starts with the reused visits of that reply", () => {
    const s = search({}, 4);
    const twin = search({}, 4);
    const g = new Game();
    const first = s.choose(g, { visits: 5000 });
    expect(twin.choose(g, { visits: 5000 })).toEqual(first);
    g.play(first.move);
    // The twin's tree, moved to our move without searching, shows what it knows of each reply.
    twin.choose(g, { visits: 0 });
    const reply = twin.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    expect(reply.visits).toBeGreaterThan(0);
    g.play(reply.move);
    const second = s.choose(g, { visits: 1000 });
    expect(second.reused).toBe(reply.visits);
    expect(second.visits).toBe(1000);
    // Everything stays under the new root: a further search from the same game keeps it all.
    expect(s.choose(g, { visits: 10 }).reused).toBe(reply.visits + 1000);
  });

  it("keeps exactly the visits the reply's node had", () => {
    const s = search({ algorithm: "uct" }, 6);
    const g = new Game();
    const r = s.choose(g, { visits: 5000 });
    // Our own move: the new root is our chosen child, whose visits the report gave.
    g.play(r.move);
    const next = s.choose(g, { visits: 1 });
    expect(next.reused).toBe(r.moveVisits);
  });

  it("keeps every count of the subtree, results as well as visits, two plies deep", () => {
    const s = search({}, 4);
    const g = new Game();
    const first = s.choose(g, { visits: 8000 });
    const kept = s.children([first.move]);
    const reply = kept.reduce((a, b) => (b.visits > a.visits ? b : a));
    const keptDeeper = s.children([first.move, reply.move]);
    expect(keptDeeper.some((c) => c.total > 0 && c.total < c.visits)).toBe(true);
    g.play(first.move);
    s.choose(g, { visits: 0 });
    expect(s.rootChildren()).toEqual(kept);
    expect(s.children([reply.move])).toEqual(keptDeeper);
  });

  it("follow moves the root between searches in place, keeping the subtree's counts, and the next search starts on it", () => {
    const tree = new Tree(200_000);
    const s = new Search(params(), { now: frozenClock, random: new Random(4), tree });
    const g = new Game();
    const first = s.choose(g, { visits: 8000 });
    const reply = s.children([first.move]).reduce((a, b) => (b.visits > a.visits ? b : a));
    const below = s.children([first.move, reply.move]);
    expect(below.some((c) => c.total > 0 && c.total < c.visits)).toBe(true);
    g.play(first.move);
    g.play(reply.move);
    const size = tree.size;
    expect(s.follow(g)).toBe(reply.visits);
    expect(s.rootChildren()).toEqual(below);
    // The reply's node is the root, where it was: nothing was copied or freed.
    expect(tree.root).toBe(tree.child(tree.child(0, first.move), reply.move));
    expect(tree.size).toBe(size);
    let searched: Tree | undefined;
    const next = s.choose(g, {
      visits: 100,
      started: (t) => {
        searched = t;
      },
    });
    expect(next.reused).toBe(reply.visits);
    expect(searched).toBe(tree);
    expect(s.follow(g)).toBe(reply.visits + 100);
    expect(s.children([])).toEqual(s.rootChildren());
  });

  it("compacts the pool when the root moves and more than half of it is in use, and only then", () => {
    /** The pool after 3000 visits from the start in a pool of `capacity`, then the most visited move followed. */
    const followed = (capacity: number) => {
      const tree = new Tree(capacity);
      const s = new Search(params({ maxNodes: capacity }), { now: frozenClock, random: new Random(6), tree });
      const g = new Game();
      const first = s.choose(g, { visits: 3000 });
      const size = tree.size;
      const below = s.children([first.move]);
      g.play(first.move);
      s.follow(g);
      expect(s.rootChildren()).toEqual(below);
      return { size, root: tree.root, after: tree.size };
    };
    const roomy = followed(100_000);
    // Less than half full: the root moved in place, nothing freed.
    expect(roomy.size).toBeLessThan(50_000);
    expect(roomy.root).toBeGreaterThan(0);
    expect(roomy.after).toBe(roomy.size);
    // Exactly half full (the same search in a pool twice its size): still in place.
    expect(followed(2 * roomy.size)).toEqual(roomy);
    // One node more than half: compacted, the root node 0 and the pool holding its subtree alone.
    const crowded = followed(2 * roomy.size - 1);
    expect(crowded.root).toBe(0);
    expect(crowded.after).toBeLessThan(roomy.size);
  });

  it("a game that does not continue the tree's line (undo, a new position) starts a fresh tree", () => {
    const s = search({}, 7);
    const g = new Game();
    s.choose(g, { visits: 2000 });
    g.play(otp(["2 3"])[0]!);
    expect(s.choose(g, { visits: 100 }).reused).toBeGreaterThan(0);
    g.undo();
    g.play(otp(["3 2"])[0]!);
    g.undo();
    expect(s.choose(g, { visits: 100 }).reused).toBe(0);
    const other = new Game(
      value(parseCode("0".repeat(19) + "1" + "0".repeat(7) + "21" + "0".repeat(6) + "12" + "0".repeat(27) + "10"))
        .position,
    );
    expect(s.choose(other, { visits: 100 }).reused).toBe(0);
  });

  it("flat UCB keeps only root statistics, and a full tree stops growing but keeps playing", () => {
    const flat = search({ algorithm: "ucb" }, 8).choose(new Game(), { visits: 2000 });
    expect(flat.nodes).toBe(1 + 4);
    const small = search({ maxNodes: 500 }, 8).choose(new Game(), { visits: 5000 });
    expect(small.visits).toBe(5000);
    expect(small.nodes).toBeLessThanOrEqual(500);
  });
});
