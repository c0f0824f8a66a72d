// An OTP engine on stdin/stdout that answers the set-up commands and then, at its first genmove,
// does what its argument says: crash (after a word on stderr), hang, play an occupied square, or
// answer black's first move after 300 ms (slow). With a second argument `gtp` it speaks GTP instead
// (crash only); any other second argument, and any after it, are ignored (the tests mark their engines so).
import { createInterface } from "node:readline";

const mode = process.argv[2];
const gtp = process.argv[3] === "gtp";
process.stderr.write(`misbehaving engine (${mode}) ready\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  const word = line.trim().split(/\s+/)[0];
  if (word !== "genmove" && gtp) return void process.stdout.write(word === "name" ? `= ${mode}\n\n` : "=\n\n");
  if (word !== "genmove") return void process.stdout.write(`${word}${word === "name" ? ` ${mode}` : ""}\n`);
  if (mode === "crash") {
    process.stderr.write("about to crash on genmove\n");
    process.exit(3);
  }
  if (mode === "illegal") process.stdout.write("genmove 3 3\n");
  if (mode === "slow") setTimeout(() => process.stdout.write("genmove 2 3\n"), 300);
});
