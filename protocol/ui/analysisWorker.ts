// The page's analysis thread (protocol/ui/analyst.ts starts it): build.mjs bundles this file as
// dist/analysisWorker.js, beside the program, so that a review never holds up the server.
import { parentPort, workerData } from "node:worker_threads";
import { AlphaBeta, Evaluation, Game, Solver } from "../../src/index.js";
import type { AnalysisAnswer, AnalysisJob, AnalysisWorkerData } from "./analyst.js";
import { ANALYSIS_LIMITS, type AnalysisTools, exactScores, reviewMove } from "./moveAnalysis.js";

if (parentPort === null) throw new Error("analysisWorker.js runs in a worker thread, started by Analyst");
const port = parentPort;
const { weights } = workerData as AnalysisWorkerData;
// Made once: the tables carry what one position taught to the next of the same game.
const tools: AnalysisTools = {
  solver: new Solver(),
  alphaBeta: new AlphaBeta(new Evaluation(weights)),
  now: () => performance.now(),
};

port.on("message", (job: AnalysisJob) => {
  const game = new Game();
  for (const move of job.moves) game.play(move);
  const answer: AnalysisAnswer =
    job.kind === "review"
      ? { id: job.id, kind: "review", review: reviewMove(game.position, job.move, tools, ANALYSIS_LIMITS) }
      : { id: job.id, kind: "scores", scores: exactScores(game.position, tools, ANALYSIS_LIMITS) ?? null };
  port.postMessage(answer);
});
