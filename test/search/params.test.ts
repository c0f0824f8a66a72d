import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_PARAMS, type SearchParams, searchUsesEvaluation } from "../../src/index.js";

describe("whether a search reads the evaluation", () => {
  it.each([
    ["eval", 2, true],
    ["eval", 0, true],
    ["playout", 2, true],
    ["playout", 0, false],
  ] as const)("leaves %s, %i prior visits: %s", (leaf, priorVisits, expected) => {
    const params: SearchParams = { ...DEFAULT_SEARCH_PARAMS, leaf, priorVisits };
    expect(searchUsesEvaluation(params)).toBe(expected);
  });
});
