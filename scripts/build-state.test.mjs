import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { staleBuildReason } from './build-state.mjs';

const LAYOUT = { inputs: ['src', 'package.json'], outputs: ['dist/index.html', 'dist/main.js'] };
const HOUR_MS = 3_600_000;

describe('whether npm start must build first', () => {
  let root;
  /** Writes `file` under the root, dated `hoursAgo`; its folder keeps the date it had. */
  const write = (file, hoursAgo) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file);
    const time = new Date(Date.now() - hoursAgo * HOUR_MS);
    utimesSync(full, time, time);
  };
  /** Dates every folder `hoursAgo`, as if nothing was added or removed since. */
  const dateFolders = (hoursAgo, folders = ['src', 'src/lib', 'src/lib/test', 'dist']) => {
    const time = new Date(Date.now() - hoursAgo * HOUR_MS);
    for (const folder of folders) utimesSync(path.join(root, folder), time, time);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'pw-build-state-'));
    write('package.json', 5);
    write('src/main.ts', 5);
    write('src/lib/format.ts', 5);
    write('src/lib/format.test.ts', 5);
    write('src/lib/test/fixtures.ts', 5);
    write('dist/main.js', 2);
    write('dist/index.html', 3);
    dateFolders(5);
    return () => rmSync(root, { recursive: true, force: true });
  });

  it('does not when every output is newer than every input', () => {
    expect(staleBuildReason(root, LAYOUT)).toBeNull();
  });

  it('does when an output is missing: never built, or a build that failed half-way', () => {
    rmSync(path.join(root, 'dist/main.js'));
    expect(staleBuildReason(root, LAYOUT)).toBe('dist/main.js is missing');
  });

  it('does when a source changed after the oldest output was written, and names it', () => {
    write('src/lib/format.ts', 2.5);
    expect(staleBuildReason(root, LAYOUT)).toBe(`${path.join('src', 'lib', 'format.ts')} changed`);
  });

  it('does when a source was removed, which dates its folder', () => {
    rmSync(path.join(root, 'src/main.ts'));
    expect(staleBuildReason(root, LAYOUT)).toBe('src changed');
  });

  it('does not for a test or a test folder, which the build never reads', () => {
    write('src/lib/format.test.ts', 1);
    write('src/lib/test/fixtures.ts', 1);
    dateFolders(5, ['src/lib/test']);
    expect(staleBuildReason(root, LAYOUT)).toBeNull();
  });
});
