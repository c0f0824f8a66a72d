import { Position, parseCode, perft } from "../../src/index.js";

/** `othello perft DEPTH [--position CODE]`: prints the number of leaves. */
export function perftCommand(args: string[], log: (line: string) => void, print: (line: string) => void): number {
  const usage = "usage: othello perft DEPTH [--position CODE66]";
  let depth: number | undefined;
  let position = Position.initial();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--position") {
      const code = parseCode(args[++i] ?? "");
      if (!code.ok) {
        log(`perft: ${code.error}`);
        return 2;
      }
      position = code.value.position;
    } else if (/^\d+$/.test(a) && depth === undefined && Number(a) <= 20) {
      depth = Number(a);
    } else {
      log(`perft: unexpected "${a}" (${usage}; DEPTH 0-20)`);
      return 2;
    }
  }
  if (depth === undefined) {
    log(`perft: missing DEPTH (${usage})`);
    return 2;
  }
  print(String(perft(position, depth)));
  return 0;
}
