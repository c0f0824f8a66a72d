import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOOK_HEADER, Position, formatObf } from "../../../src/index.js";
import { lines, runOthello } from "./runOthello.js";

// These run the built program (make check builds it first).
const folder = mkdtempSync(join(tmpdir(), "othello-book-e2e-"));
const GTP = ["--gtp", "--visits", "200", "--max-nodes", "20000"];

describe("the engine's opening book", () => {
  it("answers GTP's genmove from the start from the shipped book, one of the four first moves, differing with the seed", async () => {
    const replies = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const run = await runOthello([...GTP, "--seed", String(seed)], "genmove b\nquit\n");
      expect(run.status).toBe(0);
      expect(lines(run.stdout)[0]).toMatch(/^= (D3|C4|F5|E6)$/);
      expect(run.stderr).toMatch(
        /^search: black: (D3|C4|F5|E6) \([0-7] [0-7]\) from the opening book, [+-]\d+\.\d\d discs, drawn among 4 /m,
      );
      replies.add(lines(run.stdout)[0]!);
    }
    expect(replies.size).toBeGreaterThan(1);
  });

  it("searches instead with --no-book", async () => {
    const run = await runOthello([...GTP, "--no-book"], "genmove b\nquit\n");
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^search: black: 200 visits/m);
    expect(run.stderr).not.toMatch(/opening book/);
  });

  it("refuses a corrupt --book FILE at the start, saying where, before any game", async () => {
    const bad = join(folder, "bad.book");
    writeFileSync(bad, `${BOOK_HEADER}\n${formatObf(Position.initial())} F5:+0.10 H8:+1\n`);
    const run = await runOthello([...GTP, "--book", bad], "genmove b\nquit\n");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toBe(`othello: ${bad}: line 2: H8 is not a legal move there`);
  });
});

describe("othello book build", () => {
  it("builds a book the engine plays from, and goes on from it when run again", async () => {
    const file = join(folder, "small.book");
    const first = await runOthello(["book", "build", file, "--plies", "2", "--depth", "2"]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /^.*small\.book: \d+ positions, \d+ expanded in \d+\.\d s; complete to these settings$/m,
    );
    const small = readFileSync(file, "utf8");
    expect(small.split("\n")[0]).toBe(BOOK_HEADER);
    const grown = await runOthello(["book", "build", file, "--plies", "3", "--depth", "2"]);
    expect(grown.status).toBe(0);
    expect(grown.stderr).toMatch(/: 2 positions to start from;/);
    expect(readFileSync(file, "utf8").length).toBeGreaterThan(small.length);
    const play = await runOthello([...GTP, "--book", file, "--seed", "3"], "genmove b\ngenmove w\nquit\n");
    expect(play.status).toBe(0);
    expect(play.stderr.match(/ from the opening book, /g)).toHaveLength(2);
  });

  it("leaves a file that is not a book alone", async () => {
    const file = join(folder, "notes.txt");
    writeFileSync(file, "my notes\n");
    const run = await runOthello(["book", "build", file, "--plies", "2", "--depth", "1"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/not an opening book.*left as it is/);
    expect(readFileSync(file, "utf8")).toBe("my notes\n");
  });

  it("needs build and one FILE", async () => {
    expect((await runOthello(["book"])).status).toBe(2);
    expect((await runOthello(["book", "make", "x.book"])).stderr).toMatch(/expected build, got "make"/);
  });
});
