import { describe, expect, it } from "vitest";
import { COMPACT_SIZE, PATTERN_SET_NAME, crc32, formatWeights, parseWeights } from "../../src/index.js";
import { randomWeights } from "./helpers.js";

const HEADER = 13 + PATTERN_SET_NAME.length;

/** The bytes with the checksum made right again after an edit, so that the check under test is the one that fails. */
function resealed(bytes: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(bytes);
  new DataView(copy.buffer).setUint32(copy.length - 4, crc32(copy, copy.length - 4), true);
  return copy;
}

function error(bytes: Uint8Array): string {
  const parsed = parseWeights(bytes);
  if (parsed.ok) throw new Error("the bytes were accepted");
  return parsed.error;
}

describe("the weights file", () => {
  const weights = randomWeights(5, 11);
  const bytes = formatWeights(weights);

  it("round-trips: parse(format(w)) is w, and format is the documented size", () => {
    expect(bytes.length).toBe(HEADER + 2 * 5 * COMPACT_SIZE + 4);
    const parsed = parseWeights(bytes);
    expect(parsed.ok && parsed.value.stages).toBe(5);
    expect(parsed.ok && [...parsed.value.values]).toEqual([...weights.values]);
  });

  it("computes the zlib CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  const corruptions: [string, (b: Uint8Array) => Uint8Array, RegExp][] = [
    [
      "a flipped weight bit",
      (b) => {
        const c = Uint8Array.from(b);
        c[HEADER + 1000]! ^= 4;
        return c;
      },
      /checksum mismatch.*corrupt/,
    ],
    [
      "a truncated file",
      (b) => b.subarray(0, b.length - 10),
      /has \d+ bytes; 5 stages of \d+ weights take \d+ \(truncated or padded\)/,
    ],
    [
      "a padded file",
      (b) => resealed(Uint8Array.from([...b.subarray(0, b.length - 4), 0, 0, 0, 0, 0, 0])),
      /truncated or padded/,
    ],
    [
      "another magic",
      (b) => {
        const c = Uint8Array.from(b);
        c[0] = 0x50;
        return c;
      },
      /not a weights file: it starts with "PTHW"/,
    ],
    [
      "a later format version",
      (b) => {
        const c = Uint8Array.from(b);
        c[4] = 2;
        return resealed(c);
      },
      /version 2; this program reads version 1/,
    ],
    [
      "zero stages",
      (b) => {
        const c = Uint8Array.from(b);
        c[6] = 0;
        return resealed(c);
      },
      /0 stages; a file has 1 to 61/,
    ],
    [
      "another pattern set",
      (b) => {
        const c = Uint8Array.from(b);
        c[13] = 0x45;
        return resealed(c);
      },
      /for the pattern set "Edge2x.*"; this program's is "edge2x/,
    ],
    [
      "another entry count",
      (b) => {
        const c = Uint8Array.from(b);
        new DataView(c.buffer).setUint32(8, 1000, true);
        return resealed(c);
      },
      /1000 entries per stage; the pattern set ".*" has \d+/,
    ],
    ["a few bytes", () => new Uint8Array([79, 84, 72]), /at least 17 bytes, this one 3/],
  ];
  for (const [what, corrupt, message] of corruptions) {
    it(`refuses ${what}, saying what is wrong`, () => {
      expect(error(corrupt(bytes))).toMatch(message);
    });
  }
});
