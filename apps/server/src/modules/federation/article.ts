import { randomUUID } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import {
  type Create,
  type Delete,
  type Note,
  PUBLIC_COLLECTION,
  type Recipient,
  type Update,
} from '@fedify/vocab';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * A post's Markdown as the HTML an `Article` carries: micromark with GitHub's extensions, the parser
 * the web app's react-markdown uses, so a post reads the same elsewhere. micromark's defaults are the
 * sanitising: raw HTML in the text is escaped, not passed on, and links with dangerous schemes
 * (`javascript:`…) lose their address.
 */
export function markdownToHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/**
 * The fields of an activity (`kind`: creates, updates, deletes) about `note`, addressed as the Note is;
 * each one's id is new, as a server handles an activity id once.
 */
export const activityAbout = (note: Note, kind: string) => ({
  id: new URL(`${note.id!.href}#${kind}/${randomUUID()}`),
  actor: note.attributionId,
  to: PUBLIC_COLLECTION,
  ccs: note.ccIds,
});

/** Sends what `activity` makes about an author's object to their followers elsewhere, and to `also`. */
export type SendToFollowers = (
  authorId: number,
  what: string,
  activity: (ctx: Context<void>) => Create | Update | Delete,
  also: Recipient[],
) => Promise<void>;
