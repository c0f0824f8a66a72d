import { describe, expect, it } from "vitest";
import { ProgressBar, formatDuration } from "../../../protocol/cli/progressBar.js";

/** The bar's lines as a program's stderr would get them, away from a terminal (as under the tests). */
function run(everyUpdate: boolean, steps: readonly (readonly [number, string?])[]): string[] {
  const logged: string[] = [];
  const bar = new ProgressBar("games", 20, 0, { print: () => {}, log: (l) => void logged.push(l) }, everyUpdate);
  for (const [done, note] of steps) bar.update(done, note);
  bar.finish();
  return logged;
}

describe("the progress bar", () => {
  it("off a terminal, is a line every tenth of the way", () => {
    const lines = run(false, [[1], [2], [3], [4], [20]]);
    expect(lines.map((l) => l.match(/\d+\/20/)![0])).toEqual(["1/20", "2/20", "4/20", "20/20"]);
    expect(lines.at(-1)).toMatch(/^games \[#{30}\] 100% 20\/20, \d+s elapsed, ETA \d+s$/);
  });

  it("with everyUpdate, a line every update, the note after the figures", () => {
    const lines = run(true, [
      [1, "A: +1 =0 -0"],
      [1, "A: +1 =0 -0"],
      [2, "A: +1 =1 -0"],
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^games \[###-{27}\] 10% 2\/20, \d+s elapsed, ETA (\d+s|\d+m\d\ds), A: \+1 =1 -0$/);
  });

  it("gives durations as 42s, 3m05s or 1h02m", () => {
    expect([formatDuration(42.4), formatDuration(185), formatDuration(3720)]).toEqual(["42s", "3m05s", "1h02m"]);
  });
});
