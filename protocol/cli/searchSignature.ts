import { type Evaluation, type Move, type Position, parseGameRecord, parseObf } from "../../src/index.js";
import { parseEngineCommandLine } from "../engine/options.js";
import { Session } from "../engine/session.js";
import { NODE_THREADS } from "../threads/nodeThreads.js";

/**
 * The engine's options, as on its command line: one thread, no book, a fixed seed and a fixed
 * number of visits a move, so that every number it gives depends on the code and the shipped
 * weights alone.
 */
export const SIGNATURE_ENGINE_ARGS = ["--gtp", "--no-book", "--threads", "1", "--seed", "1", "--visits", "2500"];

/** Moves the engine plays against itself from each search position, its tree kept from move to move. */
const PLIES = 6;

/**
 * Where the search plays from: the first three XOT openings (protocol/match/xot-large.txt), 52
 * empty squares, and the first position of test/positions/games-24.obf, 24; PLIES moves from
 * each stay above the empty squares where the engine solves the root instead of searching.
 */
const SEARCH_LINES = ["f5d6c4d3c2b3b4b5", "f5f4g3g6f3g4e3e2", "f5f6d3c5d6c7b5e3"];
const SEARCH_BOARDS = ["--O-OX---OOOOX--XOOOOX--XOXOOXX-XOOXOX--XOOXXX--X-OXOO----O--O-- X"];

/** What the solver solves exactly: fforum problems 1, 8 and 13 (test/positions/fforum-1-19.obf), 14, 15 and 16 empty squares. */
const SOLVER_BOARDS = [
  "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
  "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
  "--XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X",
];

function board(line: string): Position {
  const parsed = parseObf(line);
  if (!parsed.ok) throw new Error(`a signature position: ${parsed.error}`);
  return parsed.value.position;
}

function opening(record: string): readonly Move[] {
  const parsed = parseGameRecord(record);
  if (!parsed.ok) throw new Error(`a signature opening: ${parsed.error}`);
  return parsed.value;
}

/**
 * The search's signature, as a chess engine's bench gives one: the engine plays PLIES moves
 * against itself from each search position, and the solver solves each solver position exactly;
 * the number is the visits and the tree's nodes of every searched move, and the solver's nodes,
 * summed. The visits are fixed, but the nodes follow every choice the search makes, and each
 * move played steers the line after it, so a change in how the engine plays changes the number.
 * `log` is told each position's share.
 */
export function searchSignature(evaluation: Evaluation, log: (line: string) => void): number {
  const commandLine = parseEngineCommandLine(SIGNATURE_ENGINE_ARGS);
  if (!commandLine.ok) throw new Error(`the signature's engine options: ${commandLine.error}`);
  const { options } = commandLine.value;
  const session = new Session(options, () => {}, undefined, evaluation, undefined, NODE_THREADS);
  let total = 0;
  const searched = (from: string): void => {
    let sum = 0;
    for (let ply = 0; ply < PLIES && !session.game.isOver(); ply++) {
      session.genmove();
      const thought = session.lastThought;
      if (thought?.by === "search") sum += thought.report.visits + thought.report.nodes;
    }
    log(`signature: the search from ${from}: ${sum}`);
    total += sum;
  };
  for (const line of SEARCH_LINES) {
    session.newGame();
    for (const move of opening(line)) {
      const played = session.play(move);
      if (!played.ok) throw new Error(`a signature opening: ${played.error}`);
    }
    searched(line);
  }
  for (const line of SEARCH_BOARDS) {
    session.setPosition({ position: board(line), passes: 0 });
    searched(line);
  }
  const solver = NODE_THREADS.solver(options, evaluation, () => {});
  for (const line of SOLVER_BOARDS) {
    const result = solver.solve(board(line), { mode: "exact" });
    if (!result.solved) throw new Error(`a signature position was not solved: ${line}`);
    log(`signature: the solver on ${line}: ${result.nodes}`);
    total += result.nodes;
  }
  return total;
}
