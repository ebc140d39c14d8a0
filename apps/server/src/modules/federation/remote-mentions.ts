import type { Context, Federation } from '@fedify/fedify';
import { type Actor, Mention, type Recipient } from '@fedify/vocab';
import { splitMentions } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import { escapeHtml } from '../link-previews/index.js';
import { deliverableInboxes } from './delivery-guard.js';
import { type MentionedActor, selectMentionedActors } from './remote-mentions.queries.js';

export type { MentionedActor };

const MENTIONS_JOB = 'federation.mentions';

/** A post's or comment's activity, sent once the people it mentions elsewhere (`accounts`) are looked up. */
export type MentionsJob = {
  of: 'posts' | 'plans' | 'comments';
  id: number;
  change: 'created' | 'updated';
  accounts: string[];
};

type Deps = {
  db: Database;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  federation: Federation<void>;
  origin: string;
  allowPrivateAddress: boolean;
  /** Their actor, fetched from their server (SSRF-safe, with a time limit), or null. */
  lookUp: (ctx: Context<void>, account: string) => Promise<Actor | null>;
  /** Records them in `remote_actors`, with where they are delivered to. */
  remember: (
    ctx: Context<void>,
    actor: Actor,
    inboxes: { inboxUrl: string | null; sharedInboxUrl: string | null },
  ) => Promise<number>;
};

/**
 * Mentions of people elsewhere (`@name@server`) in what is written here (docs/federation.md, "What
 * federates"): looked up by a job, never on a request's path (their servers may be slow), recorded in
 * `remote_actors`, then named by the activity (a `Mention` tag, `cc`) and delivered to their inbox.
 */
export function createRemoteMentions(deps: Deps) {
  const { db, log, jobs, federation, origin, lookUp, remember, allowPrivateAddress } = deps;

  /** Looks each account up at once; someone recorded here at their actor's address (no WebFinger). */
  async function lookUpAll(accounts: string[]) {
    const ctx = federation.createContext(new URL(origin), undefined);
    const known = new Map((await selectMentionedActors(db, accounts)).map((row) => [row.account, row.uri]));
    await Promise.all(
      accounts.map(async (account) => {
        const actor = await lookUp(ctx, known.get(account) ?? account);
        if (actor) await remember(ctx, actor, await deliverableInboxes(actor, { allowPrivateAddress, log }));
        else log.info({ account }, 'a mentioned account was not found');
      }),
    );
  }

  return {
    /** The people among `accounts` recorded here: one statement, none without accounts. */
    known: (accounts: string[]) => selectMentionedActors(db, accounts),

    /**
     * Hands the sending of `job` to the job that looks its `accounts` up first: true when it did, false
     * when there are none or it could not be enqueued (logged): the caller sends at once.
     */
    async later(job: MentionsJob): Promise<boolean> {
      if (job.accounts.length === 0) return false;
      try {
        await jobs.enqueue(MENTIONS_JOB, job);
        return true;
      } catch (error) {
        log.error({ err: error, job }, 'the mentions of an item could not be looked up');
        return false;
      }
    },

    /** Registers the job (before the queue starts): the accounts looked up and recorded, `send` sends. */
    whenLookedUp(send: (job: MentionsJob) => Promise<void>) {
      jobs.handle<MentionsJob>(MENTIONS_JOB, async (job) => {
        await lookUpAll(job.accounts);
        await send(job);
      });
    },
  };
}
export type RemoteMentions = ReturnType<typeof createRemoteMentions>;

/** The people mentioned, as tags: Mastodon notifies whom a `Mention` names (by `href`). */
export const mentionTags = (mentioned: MentionedActor[]) =>
  mentioned.map((actor) => new Mention({ href: new URL(actor.uri), name: actor.handle }));

/** Their inboxes (shared ones where they have one), for those whose inbox is known. */
export const mentionRecipients = (mentioned: MentionedActor[]): Recipient[] =>
  mentioned.flatMap((actor) =>
    actor.inboxUrl
      ? [
          {
            id: new URL(actor.uri),
            inboxId: new URL(actor.inboxUrl),
            endpoints: actor.sharedInboxUrl ? { sharedInbox: new URL(actor.sharedInboxUrl) } : null,
          },
        ]
      : [],
  );

/** GFM makes the `name@server` of `@name@server` an e-mail link: after an `@`, it is the mention again. */
const ADDRESS_AFTER_AT = /@<a href="mailto:([^"<>]+)">([^<]*)<\/a>/g;
const TAG = /(<[^>]*>)/;
/** This server's search for someone not found yet: it looks them up when asked. */
const searchOf = (origin: string, account: string) => `${origin}/search?q=${encodeURIComponent(account)}`;
/** Code shows what was typed, and a link inside a link is invalid HTML: mentions there stay text. */
const KEPT_AS_TEXT = new Set(['a', 'code', 'pre']);

/**
 * Rendered HTML (markdownToHtml's) with each `@name@server` linked as Mastodon links a mention: to the
 * profile of someone recorded here (`mentioned`), else to this server's search for them.
 */
export function linkMentions(html: string, mentioned: MentionedActor[], origin: string): string {
  const byAccount = new Map(mentioned.map((actor) => [actor.account, actor]));
  let keptAsText = 0;
  return html
    .replace(ADDRESS_AFTER_AT, (whole, address: string, text: string) =>
      address === text ? `@${text}` : whole,
    )
    .split(TAG)
    .map((piece, index) => {
      if (index % 2 === 1) {
        const tag = /^<(\/?)([a-z]+)/.exec(piece);
        if (tag && KEPT_AS_TEXT.has(tag[2]!)) keptAsText += tag[1] ? -1 : 1;
        return piece;
      }
      if (keptAsText > 0) return piece;
      return splitMentions(piece)
        .map(({ text, account }) => {
          if (account === undefined) return text;
          const actor = byAccount.get(account);
          if (!actor) return `<a href="${escapeHtml(searchOf(origin, account))}">${text}</a>`;
          const link = `<a href="${escapeHtml(actor.profileUrl)}" class="u-url mention">${text}</a>`;
          return `<span class="h-card" translate="no">${link}</span>`;
        })
        .join('');
    })
    .join('');
}
