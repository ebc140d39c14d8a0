/** A seeded pseudo-random source (mulberry32): the same seed fills the same community every time. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  /** The items in random order (a new array). */
  const shuffle = <T>(items: readonly T[]): T[] => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool;
  };
  /** `count` different items, in random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => shuffle(items).slice(0, count);
  return { next, int, pick, shuffle, sample, chance: (probability: number) => next() < probability };
}
export type Random = ReturnType<typeof seededRandom>;
