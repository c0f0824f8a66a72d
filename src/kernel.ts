/**
 * Who runs a hot loop that has a WebAssembly kernel, the solver's last empties
 * (solver/endgameKernel.ts) and the incremental evaluation's children (eval/evaluationKernel.ts):
 * the kernel, or the TypeScript, the reference the kernel is tested against. The values are the
 * same either way; the solver's visits differ.
 */
export type Kernel = "webassembly" | "typescript";

/**
 * The kernels where this JavaScript engine runs WebAssembly, the TypeScript where it does not:
 * Node started with --jitless, for one, has no `WebAssembly`, and the engine plays there all the same.
 */
export const DEFAULT_KERNEL: Kernel = typeof WebAssembly === "object" ? "webassembly" : "typescript";

/**
 * A kernel's module from its bytes (base64), compiled at the first call, not when the module
 * that holds it loads: the browser page's bundle imports the kernels' modules without using
 * them, and its content policy forbids compiling WebAssembly.
 */
export function lazyModule(base64: string): () => WebAssembly.Module {
  let compiled: WebAssembly.Module | undefined;
  return () => (compiled ??= new WebAssembly.Module(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
}
