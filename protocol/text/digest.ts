import { createHash } from "node:crypto";

/** A digest naming bytes or a text: "sha256:" and 64 hexadecimal digits. */
export function digestOf(bytes: Uint8Array | string): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}
