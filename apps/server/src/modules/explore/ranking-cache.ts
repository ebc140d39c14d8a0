/**
 * A value computed at most once per `ttlMs` in this process: callers within that time share the same
 * promise (so a burst after it expires computes it once), and a failure is not kept.
 */
export function createRankingCache<Value>(compute: () => Promise<Value>, ttlMs: number, now = Date.now) {
  let kept: { until: number; value: Promise<Value> } | null = null;
  return {
    get(): Promise<Value> {
      if (kept && now() < kept.until) return kept.value;
      const value = compute();
      kept = ttlMs > 0 ? { until: now() + ttlMs, value } : null;
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
      return value;
    },
  };
}
