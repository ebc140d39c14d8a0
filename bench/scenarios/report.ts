import type { BenchRun, ScenarioResult } from './run.js';

const integer = (value: number) => Math.round(value).toLocaleString('en-US');

/** The results as a Markdown table (aligned, so it reads in a terminal too). */
export function resultsTable(results: ScenarioResult[]) {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'RSS MB',
    'CPU ms/req (Node + PostgreSQL)',
    'load CPU ms/req',
    'body B',
    'baseline req/s (CPU ms/req)',
    '× baseline',
    'SQL ceiling tps (statements; PostgreSQL CPU ms/req)',
    '× ceiling',
  ];
  const rows = results.map((r) => [
    r.name,
    integer(r.requestsPerSecond),
    String(r.p50),
    String(r.p99),
    String(r.max),
    String(r.errors),
    String(r.rssMb),
    `${r.serverCpuMs.toFixed(2)} + ${r.databaseCpuMs.toFixed(2)}`,
    r.loadCpuMs.toFixed(2),
    integer(r.bodyBytes),
    r.baseline ? `${integer(r.baseline.requestsPerSecond)} (${r.baseline.serverCpuMs.toFixed(2)})` : '—',
    r.ratio === null ? '—' : r.ratio.toFixed(2),
    r.ceiling
      ? `${integer(r.ceiling.tps)} (${r.ceiling.statements}; ${r.ceiling.databaseCpuMs.toFixed(2)})`
      : '—',
    r.ceilingRatio === null ? '—' : r.ceilingRatio.toFixed(2),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => {
    const padded = cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)));
    return `| ${padded.join(' | ')} |`;
  };
  const dashes = widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`));
  const rule = `| ${dashes.join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

type Check = { target: string; met: boolean; measured: string };

/** The performance targets for this database, with what was measured (only for scenarios that ran). */
export function targetChecks({ manifest, results }: BenchRun): Check[] {
  const byName = new Map(results.map((r) => [r.name, r]));
  const feed = byName.get('feed page 0');
  const deep = byName.get('feed page 200');
  const checks: Check[] = [];
  if (manifest.database === 'pglite') {
    if (feed) {
      checks.push({
        target: 'feed ≥ 1,000 req/s, p99 ≤ 100 ms',
        met: feed.requestsPerSecond >= 1000 && feed.p99 <= 100,
        measured: `${integer(feed.requestsPerSecond)} req/s, p99 ${feed.p99} ms`,
      });
    }
    return checks;
  }
  if (feed?.ratio != null) {
    checks.push({
      target: 'feed page 0 ≥ 0.35 × baseline, p99 ≤ 50 ms',
      met: feed.ratio >= 0.35 && feed.p99 <= 50,
      measured: `${feed.ratio.toFixed(2)} ×, p99 ${feed.p99} ms`,
    });
  }
  const reads = results.filter((r) => r.kind === 'read' && r.ratio !== null);
  const below = reads.filter((r) => r.ratio! < 0.25);
  if (reads.length > 0) {
    checks.push({
      target: 'every read scenario ≥ 0.25 × baseline',
      met: below.length === 0,
      measured:
        below.length === 0
          ? 'all'
          : `below: ${below.map((r) => `${r.name} ${r.ratio!.toFixed(2)}`).join(', ')}`,
    });
  }
  if (feed && deep) {
    checks.push({
      target: 'feed page 200 within 3 × the latency of page 0 (p50)',
      met: deep.p50 <= 3 * Math.max(feed.p50, 1),
      measured: `p50 ${deep.p50} ms vs ${feed.p50} ms`,
    });
  }
  checks.push(...relativeSpeedChecks(byName));
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  checks.push({ target: 'zero errors', met: errors === 0, measured: `${errors}` });
  const rss = Math.max(...results.map((r) => r.rssMb));
  checks.push({ target: 'server RSS ≤ 300 MB', met: rss <= 300, measured: `${rss} MB at most` });
  return checks;
}

const cpuPerRequest = (r: ScenarioResult) => r.serverCpuMs + r.databaseCpuMs;

/**
 * The targets that hold on any machine, because each compares two figures of one run: the
 * feed and public plans against the ceiling of their own SQL, public plans, the worst search and
 * Explore against the feed's CPU time per request.
 */
function relativeSpeedChecks(byName: Map<string, ScenarioResult>): Check[] {
  const checks: Check[] = [];
  const feed = byName.get('feed page 0');
  for (const name of ['feed page 0', 'public plans']) {
    const ratio = byName.get(name)?.ceilingRatio;
    if (ratio != null)
      checks.push({
        target: `${name} ≥ 1.0 × its SQL ceiling`,
        met: ratio >= 1,
        measured: `${ratio.toFixed(2)} ×`,
      });
  }
  if (!feed) return checks;
  for (const [name, most] of [
    ['public plans', 4],
    ['search: broad prefix (typesc)', 8],
    // Its rankings are kept per process for a minute, so a request costs the viewer's rows.
    ['explore', 3],
  ] as const) {
    const scenario = byName.get(name);
    if (!scenario) continue;
    const times = cpuPerRequest(scenario) / cpuPerRequest(feed);
    checks.push({
      target: `${name} ≤ ${most} × the feed's CPU per request`,
      met: times <= most,
      measured:
        `${times.toFixed(1)} × (${cpuPerRequest(scenario).toFixed(2)} ` +
        `against ${cpuPerRequest(feed).toFixed(2)} ms)`,
    });
  }
  return checks;
}

export const checksList = (checks: Check[]) =>
  checks.map((c) => `- ${c.met ? 'met' : 'MISSED'}: ${c.target} — ${c.measured}`).join('\n');
