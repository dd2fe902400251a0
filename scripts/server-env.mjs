// Environment for the server process that must be set before it starts (read by the C library
// at process start, so the server cannot set it for itself). Used by start.mjs (`npm start`) and
// by the benchmarks that run the compiled server (bench/signaling/server-process.ts), so they
// measure what production runs.

/**
 * glibc's malloc: a fixed trim threshold (128 KiB, its own default) instead of the dynamic one.
 * By default glibc raises the threshold up to 64 MiB after freeing large blocks, and then keeps
 * what threads free (V8 compiling PGlite's WebAssembly on its background threads, PGlite's start)
 * in their arenas for good: 50–100 MB of an idle server on PGlite (bench/README.md, issue 11
 * item 2). Setting it also keeps the mmap threshold at its 128 KiB default. Left alone when the
 * operator set it (or any glibc tunable); ignored by other C libraries.
 */
export function serverMallocEnv(env) {
  if (env.MALLOC_TRIM_THRESHOLD_ !== undefined || env.GLIBC_TUNABLES !== undefined) return {};
  return { MALLOC_TRIM_THRESHOLD_: String(128 * 1024) };
}
