/**
 * mulberry32: small, fast, and the same sequence for the same seed everywhere.
 * Every seeded generator in the repository (benchmark text, generated
 * transcripts, the built-in samples) draws from this one function, so a seed
 * means the same thing wherever it appears.
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
