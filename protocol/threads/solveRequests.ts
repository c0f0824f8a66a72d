import {
  DEFAULT_KERNEL,
  type Evaluation,
  Position,
  type SolveMode,
  SolveTeam,
  type SolveTeamMemory,
  Solver,
  type TableState,
} from "../../src/index.js";

/** What a solve thread is started with. */
export interface SolveWorkerData {
  readonly memory: SolveTeamMemory;
  /** Its number in the team: 1 and up (0 is the thread that leads). */
  readonly thread: number;
  /** Whether to order moves with the evaluation, as the leading thread does; its weights file (undefined: the shipped weights). */
  readonly evaluation: boolean;
  readonly weights: string | undefined;
}

/**
 * What a solve thread is asked: to solve the position (its four words) with the leading
 * thread, in the same mode and window, the table as the leading thread had it at its start
 * (`state`), its own kernel's table cleared first when the leading thread's was (`clear`).
 */
export interface SolveRequest {
  readonly solve: number;
  readonly sides: readonly [number, number, number, number];
  readonly blackToMove: boolean;
  readonly mode: SolveMode;
  readonly alpha: number | undefined;
  readonly beta: number | undefined;
  readonly nodeLimit: number | undefined;
  readonly state: TableState;
  readonly clear: boolean;
}

/**
 * A solve thread's answers: its solver, one thread of the team (`data.thread`), solves what it
 * is asked until it finishes or the team stops, writes its answer where the leading thread reads
 * it, and when it solved first, stops the others (its result is as exact as theirs).
 */
export function solveRequests(
  data: SolveWorkerData,
  evaluation: Evaluation | undefined,
): (request: SolveRequest) => void {
  const team = new SolveTeam(data.memory, data.thread);
  const solver = new Solver(undefined, evaluation, DEFAULT_KERNEL, team);
  return (request) => {
    if (request.clear) solver.clear();
    solver.table.adopt(request.state);
    team.begin(request.solve);
    const [pl, ph, ol, oh] = request.sides;
    const r = solver.solve(Position.fromSides(pl, ph, ol, oh, request.blackToMove), {
      mode: request.mode,
      ...(request.alpha === undefined ? {} : { alpha: request.alpha }),
      ...(request.beta === undefined ? {} : { beta: request.beta }),
      ...(request.nodeLimit === undefined ? {} : { nodeLimit: request.nodeLimit }),
    });
    if (r.solved) team.stop();
    team.finish(r);
  };
}
