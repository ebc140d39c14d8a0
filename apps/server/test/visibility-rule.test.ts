import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Who may see a learning plan is written once, in `src/db/visibility.ts` (`planVisibleTo`). A copy
 * written by hand elsewhere drifts from it (one forgot blocks, another moderation), so any test of a
 * plan's public flag, or of its creator's blocks or its moderation, outside that file fails here.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const RULE_FILE = 'db/visibility.ts';

const TELL_TALES: { name: string; pattern: RegExp }[] = [
  { name: 'a condition on isPublic (Drizzle)', pattern: /\beq\(\s*[\w.]+\.isPublic\b/g },
  { name: 'isPublic in a SQL template', pattern: /\$\{\s*[\w.]+\.isPublic\s*\}/g },
  {
    name: 'is_public in hand-written SQL',
    pattern: /(?:\b(?:where|and|or|on|not)\s+\(?\s*|\b\w+\.)is_public\b/gi,
  },
  {
    name: 'isPublic in TypeScript logic',
    pattern: /!\s*[\w.]*\.isPublic\b|\.isPublic\s*(?:&&|\|\||[!=]==|\?)/g,
  },
  {
    name: "blocks or moderation applied to a plan's creator",
    pattern: /\b(?:shownTo|hiddenFrom|notHiddenFrom)\([^;]{0,120}?creator_?id/gi,
  },
  {
    name: "a plan's moderation by hand",
    pattern: new RegExp(
      [
        String.raw`isNull\(\s*[\w.]*(?:learningPlans|originals)\.hiddenAt`,
        String.raw`(?:learningPlans|originals)\.hiddenAt\s*\}\s*is null`,
        String.raw`hidden_at is null or \w+\.creator_id`,
      ].join('|'),
      'g',
    ),
  },
];

/**
 * Uses of the public flag that are not about who may see a plan, each with its reason. Each must
 * still be found, so the list cannot outlive them.
 */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: 'modules/notifications/notifications.queries.ts',
    text: 'eq(learningPlans.isPublic, true)',
    why: "a plan's publication is announced to the creator's followers only while it is public",
  },
  {
    file: 'modules/counters/counters.queries.ts',
    text: 'where is_public',
    why: 'recomputes the denormalised count of public plans, whoever looks',
  },
  {
    file: 'modules/plans/plans.service.ts',
    text: 'body.isPublic && !plan.isPublic',
    why: 'a plan turning public is announced',
  },
  {
    file: 'modules/federation/federation.queries.ts',
    text: 'eq(learningPlans.isPublic, true)',
    why: 'only a public plan ever federated, so only its hiding by a moderator is sent out as a Delete',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'schema' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every tell-tale found in the files under `root`, but in the rule's own file and the allowed uses. */
function handWrittenCopies(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative === RULE_FILE) continue;
    let text = readFileSync(file, 'utf8');
    for (const allowed of ALLOWED.filter((entry) => entry.file === relative)) {
      text = text.replaceAll(allowed.text, '');
    }
    for (const { name, pattern } of TELL_TALES) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(`${relative}:${line} ${name}: ${match[0]}`);
      }
    }
  }
  return found;
}

describe('who may see a plan', () => {
  it('is decided in db/visibility.ts only', () => {
    expect(handWrittenCopies(SRC)).toEqual([]);
  });

  it('allows only uses of the public flag that are still there', () => {
    for (const { file, text } of ALLOWED) {
      expect(readFileSync(path.join(SRC, file), 'utf8'), file).toContain(text);
    }
  });
});
