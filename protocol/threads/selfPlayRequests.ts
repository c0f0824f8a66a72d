import {
  Evaluation,
  type GameVariety,
  SampleBuffer,
  type Samples,
  type SelfPlaySettings,
  type Weights,
  playNumberedGame,
  selfPlayers,
} from "../../src/index.js";

/** What a self-play worker is started with: one round's games. */
export interface SelfPlayWorkerData {
  readonly weights: Weights;
  readonly settings: SelfPlaySettings;
  readonly variety: GameVariety;
  readonly seed: number;
  readonly round: number;
}

/** A game's positions, as a worker answers the request for game `game`. */
export interface GameReply {
  readonly game: number;
  readonly samples: Samples;
}

/**
 * A self-play worker's answers: each request is a game's number, each answer the positions of
 * that game (playNumberedGame, so the same whichever thread plays it) and the buffers to hand
 * over rather than copy.
 */
export function selfPlayRequests(
  data: SelfPlayWorkerData,
): (game: number) => { reply: GameReply; transfer: ArrayBuffer[] } {
  const { player, solver } = selfPlayers(new Evaluation(data.weights));
  return (game) => {
    const buffer = new SampleBuffer();
    playNumberedGame(player, solver, data.settings, data.variety, data.seed, data.round, game, buffer);
    const samples = buffer.toSamples();
    return {
      reply: { game, samples },
      transfer: [samples.boards.buffer, samples.scores.buffer, samples.flags.buffer] as ArrayBuffer[],
    };
  };
}
