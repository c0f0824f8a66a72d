import { type Result, err, ok } from "../result.js";

/**
 * Training positions with their labels, column by column: the mover's and the opponent's
 * discs, the label (the final disc difference for the mover, -64..64), and flags.
 */
export interface Samples {
  readonly count: number;
  /** 4 words a position: mover low, mover high, opponent low, opponent high. */
  readonly boards: Int32Array;
  readonly scores: Int8Array;
  readonly flags: Uint8Array;
}

/** The label is the solver's exact score (else the game's final result). */
export const EXACT = 1;
/** The first position recorded of its game: games are told apart by this. */
export const GAME_START = 2;

/** One game's positions as they are recorded. */
export class SampleBuffer {
  private boards: number[] = [];
  private scores: number[] = [];
  private flags: number[] = [];

  get count(): number {
    return this.scores.length;
  }

  add(pl: number, ph: number, ol: number, oh: number, score: number, flags: number): void {
    this.boards.push(pl | 0, ph | 0, ol | 0, oh | 0);
    this.scores.push(score);
    this.flags.push(flags);
  }

  toSamples(): Samples {
    return {
      count: this.scores.length,
      boards: Int32Array.from(this.boards),
      scores: Int8Array.from(this.scores),
      flags: Uint8Array.from(this.flags),
    };
  }
}

export function concatSamples(parts: readonly Samples[]): Samples {
  const count = parts.reduce((n, p) => n + p.count, 0);
  const boards = new Int32Array(4 * count);
  const scores = new Int8Array(count);
  const flags = new Uint8Array(count);
  let at = 0;
  for (const p of parts) {
    boards.set(p.boards, 4 * at);
    scores.set(p.scores, at);
    flags.set(p.flags, at);
    at += p.count;
  }
  return { count, boards, scores, flags };
}

/** Games in the samples (positions flagged GAME_START). */
export function gameCount(samples: Samples): number {
  let n = 0;
  for (let i = 0; i < samples.count; i++) if ((samples.flags[i]! & GAME_START) !== 0) n++;
  return n;
}

/**
 * The data file is a sequence of batches, each written whole with one append, so a run cut
 * short leaves every finished batch readable:
 *   4 bytes "OTHD", u32 games, u32 positions, then 18 bytes a position (4 x i32 board words,
 *   i8 score, u8 flags), all little-endian.
 * A torn last batch (the run stopped while writing it) is dropped and reported as such.
 */
const BATCH_MAGIC = "OTHD";
const RECORD_BYTES = 18;
const BATCH_HEADER = 12;
const MAX_GAME_POSITIONS = 60;

export function formatBatch(samples: Samples): Uint8Array {
  const bytes = new Uint8Array(BATCH_HEADER + RECORD_BYTES * samples.count);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(BATCH_MAGIC), 0);
  view.setUint32(4, gameCount(samples), true);
  view.setUint32(8, samples.count, true);
  for (let i = 0; i < samples.count; i++) {
    const at = BATCH_HEADER + RECORD_BYTES * i;
    for (let w = 0; w < 4; w++) view.setInt32(at + 4 * w, samples.boards[4 * i + w]!, true);
    view.setInt8(at + 16, samples.scores[i]!);
    view.setUint8(at + 17, samples.flags[i]!);
  }
  return bytes;
}

/**
 * The samples as a data file's batches of `gamesPerBatch` games each (the last may hold fewer),
 * cut at the games' starts: the file one process appending a batch at a time writes.
 */
export function formatGameBatches(samples: Samples, gamesPerBatch: number): Uint8Array {
  const cuts: number[] = [];
  let games = 0;
  for (let i = 0; i < samples.count; i++)
    if ((samples.flags[i]! & GAME_START) !== 0 && games++ % gamesPerBatch === 0) cuts.push(i);
  cuts.push(samples.count);
  const batches = cuts.slice(1).map((end, b) => {
    const start = cuts[b]!;
    return formatBatch({
      count: end - start,
      boards: samples.boards.subarray(4 * start, 4 * end),
      scores: samples.scores.subarray(start, end),
      flags: samples.flags.subarray(start, end),
    });
  });
  const bytes = new Uint8Array(batches.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const batch of batches) {
    bytes.set(batch, at);
    at += batch.length;
  }
  return bytes;
}

export interface ParsedData {
  readonly samples: Samples;
  readonly games: number;
  /** Bytes at the end that do not make a whole batch (a write cut short): 0 for a sound file. */
  readonly tornBytes: number;
}

/** Every whole batch of a data file's bytes; an error when the bytes are not a data file at all. */
export function parseData(bytes: Uint8Array): Result<ParsedData> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Samples[] = [];
  let games = 0;
  let at = 0;
  while (bytes.length - at >= BATCH_HEADER) {
    const magic = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    if (magic !== BATCH_MAGIC)
      return err(
        `byte ${at}: expected a batch starting "${BATCH_MAGIC}", found ${JSON.stringify(magic)}: not a training data file, or a corrupt one`,
      );
    const batchGames = view.getUint32(at + 4, true);
    const count = view.getUint32(at + 8, true);
    // A game records from 1 to 60 positions (each is followed by a move): other counts are damage.
    if (batchGames === 0 || count < batchGames || count > MAX_GAME_POSITIONS * batchGames)
      return err(`byte ${at}: a batch of ${batchGames} games with ${count} positions (corrupt data)`);
    const end = at + BATCH_HEADER + RECORD_BYTES * count;
    if (end > bytes.length) break;
    const boards = new Int32Array(4 * count);
    const scores = new Int8Array(count);
    const flags = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const r = at + BATCH_HEADER + RECORD_BYTES * i;
      for (let w = 0; w < 4; w++) boards[4 * i + w] = view.getInt32(r + 4 * w, true);
      scores[i] = view.getInt8(r + 16);
      flags[i] = view.getUint8(r + 17);
      if ((boards[4 * i]! & boards[4 * i + 2]!) !== 0 || (boards[4 * i + 1]! & boards[4 * i + 3]!) !== 0)
        return err(
          `position ${parts.reduce((n, p) => n + p.count, 0) + i + 1}: a square holds two discs (corrupt data)`,
        );
    }
    parts.push({ count, boards, scores, flags });
    games += batchGames;
    at = end;
  }
  return ok({ samples: concatSamples(parts), games, tornBytes: bytes.length - at });
}
