import { readFileSync } from 'node:fs';

/** A JSON document as loosely typed as other servers send. */
export type ActivityDocument = { object: Record<string, unknown> } & Record<string, unknown>;

/**
 * A Mastodon-shaped fixture of test/fixtures/activitypub, its `{{placeholders}}` filled in from
 * `values` (after `edit`, which may change the raw text first).
 */
export function fillFixture(
  name: string,
  values: Record<string, string>,
  edit: (text: string) => string = (text) => text,
): ActivityDocument {
  const text = readFileSync(new URL(`../fixtures/activitypub/${name}.json`, import.meta.url), 'utf8');
  return JSON.parse(edit(text).replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!));
}
