import { isIP } from "node:net";
import { type Result, err, ok } from "../../src/index.js";
import { parseWholeNumber, printable } from "../text/numbers.js";

/** Where the commands come from: stdin/stdout, or a TCP connection to the judge. */
export type Endpoint =
  | { readonly kind: "stdio" }
  | { readonly kind: "tcp"; readonly host: string; readonly port: number };

const DEFAULT_HOST = "127.0.0.1";

/** The engine's address from the words of its command line that are not options: none, `PORT` or `IP PORT`. */
export function parseEndpoint(positional: readonly string[]): Result<Endpoint> {
  if (positional.length === 0) return ok({ kind: "stdio" });
  if (positional.length > 2)
    return err(
      `expected at most IP and PORT, got ${positional.length} arguments: ${positional.map((p) => `"${printable(p)}"`).join(" ")}`,
    );
  if (positional.length === 1 && (isIP(positional[0]!) !== 0 || positional[0] === "localhost"))
    return err(`"${printable(positional[0]!)}" is an address: give the PORT after it`);
  const host = positional.length === 2 ? positional[0]! : DEFAULT_HOST;
  if (isIP(host) === 0 && host !== "localhost") return err(`"${printable(host)}" is not an IP address`);
  const port = parseWholeNumber(positional[positional.length - 1]!, 1, 65535);
  if (!port.ok) return err(`PORT: ${port.error}`);
  return ok({ kind: "tcp", host, port: port.value });
}
