import { DIAGONAL_MASKS, FLIP_LINES } from "../bitboard.js";
import { ENDGAME_KERNEL_BASE64 } from "./endgameKernelBytes.js";

/**
 * The solver's last empties in WebAssembly (endgameKernel.wat, assembled by `make kernel` into
 * endgameKernelBytes.ts): the same search as the TypeScript below KERNEL_EMPTIES, on 64-bit
 * boards with native population counts, and with a table of its own. The TypeScript search
 * stays the reference the kernel is tested against (`Solver`'s `kernel` option).
 */
export interface EndgameKernel {
  /**
   * The score of (pl, ph) to move against (ol, oh) with n empty squares: exact inside the
   * window (alpha, beta), else a bound on its side (fail-soft). Meaningless once `stopped()`.
   */
  solve(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, n: number): number;
  /** Visits since the last call (the TypeScript search's convention: a pass is a visit). */
  takeVisits(): number;
  /** Whether the host's check stopped the last solve. */
  stopped(): number;
  /** Forgets the kernel's table. */
  clear(): void;
}

/** Where the kernel's memory holds the flips' tables (endgameKernel.wat). */
const LINES_AT = 4227072;
const MASKS_AT = 4231168;

/**
 * Compiled at the first kernel's creation, not when the module loads: a bundle that imports the
 * solver's modules without solving (the browser page's, whose content policy forbids compiling
 * WebAssembly) must not compile it.
 */
let compiled: WebAssembly.Module | undefined;

/**
 * A new kernel, with its own memory and table. `check` is asked every 256 visits of 7 empty
 * squares or more, and stops the search by returning true (the solver's clock and visit limit).
 */
export function createEndgameKernel(check: () => boolean): EndgameKernel {
  compiled ??= new WebAssembly.Module(Uint8Array.from(atob(ENDGAME_KERNEL_BASE64), (c) => c.charCodeAt(0)));
  const exports = new WebAssembly.Instance(compiled, { host: { check: () => (check() ? 1 : 0) } }).exports;
  const memory = exports.memory as WebAssembly.Memory;
  new Uint8Array(memory.buffer, LINES_AT, FLIP_LINES.length).set(FLIP_LINES);
  new Int32Array(memory.buffer, MASKS_AT, DIAGONAL_MASKS.length).set(DIAGONAL_MASKS);
  return exports as unknown as EndgameKernel;
}
