import { connect } from "node:net";
import { PASS, Position, formatOtpMove, parseOtpMove } from "../../../src/index.js";

/** What a fake engine does with one command: a reply to send, or silence, or hanging up. */
export type Action = { readonly reply: string } | "silent" | "disconnect";

/**
 * Decides the action for a command instead of the proper `reply` (which the engine's own
 * board has already followed); `count` counts the commands of that word so far, from 1.
 */
export type Misbehaviour = (command: string, count: number, reply: string) => Action | undefined;

/**
 * A course engine over TCP, in process: it plays the first legal move by the course's rules
 * (passing when it has none, even at the end) and replies as the judge expects, unless
 * `misbehave` says otherwise. `received` records every chunk, to check the judge's framing.
 */
export class FakeEngine {
  readonly received: string[] = [];
  private position = Position.initial();
  readonly closed: Promise<void>;

  constructor(
    port: number,
    readonly name: string,
    private readonly misbehave: Misbehaviour = () => undefined,
  ) {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.setEncoding("utf8");
    const counts = new Map<string, number>();
    this.closed = new Promise((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      this.received.push(chunk);
      const word = chunk.split(" ")[0]!;
      const count = (counts.get(word) ?? 0) + 1;
      counts.set(word, count);
      const reply = this.answer(chunk);
      const action = this.misbehave(chunk, count, reply) ?? { reply };
      if (action === "disconnect") socket.destroy();
      else if (action !== "silent") socket.write(action.reply);
      if (word === "quit") socket.end();
    });
  }

  private answer(command: string): string {
    const [word, ...rest] = command.split(" ");
    if (word === "name") return `name ${this.name}`;
    if (word === "clear_board") this.position = Position.initial();
    if (word === "play") {
      const move = parseOtpMove(rest.join(" "));
      if (!move.ok) throw new Error(move.error);
      this.position = move.value === PASS ? this.position.swapped() : this.position.play(move.value);
    }
    if (word === "genmove") {
      const move = this.position.legalSquares()[0] ?? PASS;
      this.position = move === PASS ? this.position.swapped() : this.position.play(move);
      return `genmove ${formatOtpMove(move)}`;
    }
    return word!;
  }
}
