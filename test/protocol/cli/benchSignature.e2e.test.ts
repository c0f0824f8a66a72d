import { describe, expect, it } from "vitest";
import { runOthello } from "./runOthello.js";

/**
 * The search's signature, `othello bench --signature` (protocol/cli/searchSignature.ts), for this
 * code and the shipped weights. A commit that changes how the engine plays changes this number
 * and says so in its message, with the new one; a commit that claims the same play leaves it as
 * it is.
 */
const SIGNATURE = 1397182;

describe("othello bench --signature", () => {
  it("prints the search's signature alone: the number pinned here", async () => {
    const run = await runOthello(["bench", "--signature"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${SIGNATURE}\n`);
  }, 60_000);
});
