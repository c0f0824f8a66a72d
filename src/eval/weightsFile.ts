import { type Result, err, ok } from "../result.js";
import { COMPACT_SIZE, FIRST_PATTERN_SET_NAME, PATTERN_COMPACT_SIZE, PATTERN_SET_NAME } from "./patterns.js";
import { MAX_STAGES, type Weights } from "./weights.js";

/**
 * The weights file (docs/evaluation.md), little-endian throughout:
 *   0   4 bytes  magic "OTHW"
 *   4   u16      format version (1)
 *   6   u16      stage count S
 *   8   u32      entries per stage (the pattern set's compact size)
 *   12  u8       length n of the pattern set's name, then its n ASCII bytes
 *   ..  i16      S * entries weights, stage by stage, in 1/256 of a disc
 *   end u32      CRC-32 of every byte before it
 * A file of the first pattern set (the same patterns, no board features) is read with its
 * board features' weights zero.
 */
const MAGIC = "OTHW";
export const WEIGHTS_FORMAT_VERSION = 1;

const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = (c & 1) !== 0 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

/** CRC-32 (the zlib polynomial) of bytes[0..end). */
export function crc32(bytes: Uint8Array, end = bytes.length): number {
  let c = -1;
  for (let i = 0; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 255]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

export function formatWeights(weights: Weights): Uint8Array {
  const name = new TextEncoder().encode(PATTERN_SET_NAME);
  const header = 13 + name.length;
  const bytes = new Uint8Array(header + 2 * weights.values.length + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint16(4, WEIGHTS_FORMAT_VERSION, true);
  view.setUint16(6, weights.stages, true);
  view.setUint32(8, COMPACT_SIZE, true);
  view.setUint8(12, name.length);
  bytes.set(name, 13);
  for (let i = 0; i < weights.values.length; i++) view.setInt16(header + 2 * i, weights.values[i]!, true);
  view.setUint32(bytes.length - 4, crc32(bytes, bytes.length - 4), true);
  return bytes;
}

/** The weights in a file's bytes, or what is wrong with them. */
export function parseWeights(bytes: Uint8Array): Result<Weights> {
  if (bytes.length < 17) return err(`a weights file has at least 17 bytes, this one ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== MAGIC) return err(`not a weights file: it starts with ${JSON.stringify(magic)}, not "${MAGIC}"`);
  const version = view.getUint16(4, true);
  if (version !== WEIGHTS_FORMAT_VERSION)
    return err(`weights format version ${version}; this program reads version ${WEIGHTS_FORMAT_VERSION}`);
  const stages = view.getUint16(6, true);
  if (stages < 1 || stages > MAX_STAGES) return err(`${stages} stages; a file has 1 to ${MAX_STAGES}`);
  const nameLength = bytes[12]!;
  if (bytes.length < 13 + nameLength + 4) return err(`the file ends inside its header (${bytes.length} bytes)`);
  const name = String.fromCharCode(...bytes.subarray(13, 13 + nameLength));
  if (name !== PATTERN_SET_NAME && name !== FIRST_PATTERN_SET_NAME)
    return err(`the weights are for the pattern set "${name}"; this program's is "${PATTERN_SET_NAME}"`);
  const size = name === PATTERN_SET_NAME ? COMPACT_SIZE : PATTERN_COMPACT_SIZE;
  const entries = view.getUint32(8, true);
  if (entries !== size) return err(`${entries} entries per stage; the pattern set "${name}" has ${size}`);
  const header = 13 + nameLength;
  const expected = header + 2 * stages * entries + 4;
  if (bytes.length !== expected)
    return err(
      `the file has ${bytes.length} bytes; ${stages} stages of ${entries} weights take ${expected} (truncated or padded)`,
    );
  const stored = view.getUint32(bytes.length - 4, true);
  const computed = crc32(bytes, bytes.length - 4);
  if (stored !== computed)
    return err(
      `checksum mismatch: the file says ${hex(stored)}, its bytes give ${hex(computed)} (the file is corrupt)`,
    );
  const values = new Int16Array(stages * COMPACT_SIZE);
  for (let stage = 0; stage < stages; stage++)
    for (let i = 0; i < entries; i++)
      values[stage * COMPACT_SIZE + i] = view.getInt16(header + 2 * (stage * entries + i), true);
  return ok({ stages, values });
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, "0")}`;
}
