import { BLACK, type Disc, EMPTY, Position, WHITE, parseCode, parseVertex } from "../../../src/index.js";
import { gtpProtocol } from "../../../protocol/engine/gtp.js";
import type { Session } from "../../../protocol/engine/session.js";
import { testSession } from "./helpers.js";

// What the GTP tests share: a connection over a test session, and the positions they set.

// White to move with no move (a forced pass); after it black's only move is a7, then white's a8, then the game is over.
export const ENDGAME = "222222202222220122222211222121112212111122211111022221110111111120";

/** A GTP connection over a fresh test session: `send` answers one line with its full framing. */
export function gtp(options: Parameters<typeof testSession>[0] = {}) {
  const { session, log } = testSession(options);
  const protocol = gtpProtocol(session);
  const send = (line: string): string => protocol.answer(line).reply;
  const sendAll = (lines: readonly string[]): string[] => lines.map(send);
  return { session, log, protocol, send, sendAll };
}

/** Sets the session to ENDGAME: white to move, with no move. */
export function setEndgame(session: Session): void {
  const coded = parseCode(ENDGAME);
  if (!coded.ok) throw new Error(coded.error);
  session.setPosition(coded.value);
}

/** A finished game: `black` discs from a1 on, `white` discs back from h8, empty squares between them. */
export function finishedPosition(black: number, white: number): Position {
  const discs: Disc[] = Array.from({ length: 64 }, (_, s) => (s < black ? BLACK : s >= 64 - white ? WHITE : EMPTY));
  const position = Position.fromDiscs(discs, true);
  if (!position.isGameOver()) throw new Error("not a finished game");
  return position;
}

export const square = (vertex: string): number => {
  const move = parseVertex(vertex);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};
