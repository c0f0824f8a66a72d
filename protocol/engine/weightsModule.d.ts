/** A weights file imported by the bundler as its bytes (build.mjs, vitest.config.ts). */
declare module "*.weights" {
  const bytes: Uint8Array;
  export default bytes;
}
