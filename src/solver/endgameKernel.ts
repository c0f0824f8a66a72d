import { DIAGONAL_MASKS, FLIP_LINES, flipCount } from "../bitboard.js";
import { lazyModule } from "../kernel.js";
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

const kernelModule = lazyModule(ENDGAME_KERNEL_BASE64);

/**
 * LAST_FLIPS[i * 256 + x]: the discs a move at i flips on a line whose other squares are all
 * taken, x the mover's (the rest the opponent's): the last move's count (endgameKernel.wat's
 * $lastFlips), counted by bitboard.ts's flipCount on such a line laid on the board's first row
 * (the rest of the board empty, so no other line flips).
 */
const LAST_FLIPS = new Uint8Array(8 * 256);
for (let i = 0; i < 8; i++) {
  for (let x = 0; x < 256; x++) {
    const mine = x & ~(1 << i);
    LAST_FLIPS[i * 256 + x] = flipCount(i, mine, 0, 0xff & ~mine & ~(1 << i), 0);
  }
}

interface KernelExports extends EndgameKernel {
  readonly memory: WebAssembly.Memory;
  /** Where the kernel's memory holds the flips' tables (endgameKernel.wat). */
  readonly linesAt: WebAssembly.Global;
  readonly masksAt: WebAssembly.Global;
  readonly lastAt: WebAssembly.Global;
}

/**
 * A new kernel, with its own memory and table. `check` is asked every 256 visits of 7 empty
 * squares or more, and stops the search by returning true (the solver's clock and visit limit).
 */
export function createEndgameKernel(check: () => boolean): EndgameKernel {
  const exports = new WebAssembly.Instance(kernelModule(), { host: { check: () => (check() ? 1 : 0) } })
    .exports as unknown as KernelExports;
  const buffer = exports.memory.buffer;
  new Uint8Array(buffer, exports.linesAt.value as number, FLIP_LINES.length).set(FLIP_LINES);
  new Int32Array(buffer, exports.masksAt.value as number, DIAGONAL_MASKS.length).set(DIAGONAL_MASKS);
  new Uint8Array(buffer, exports.lastAt.value as number, LAST_FLIPS.length).set(LAST_FLIPS);
  return exports;
}
