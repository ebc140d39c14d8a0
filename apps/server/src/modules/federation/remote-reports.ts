import { randomUUID } from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import { type Actor, Flag } from '@fedify/vocab';
import { REPORT_LIMITS, REPORT_REASON_LABELS } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { type ForwardedReport, insertReceivedReports } from '../reports/index.js';
import { remoteText } from './remote-html.js';

/**
 * The identifier of this server's own actor (an `Application`), which signs a report's copy: reports
 * are anonymous, as Mastodon's are. Not a user id, so no person's actor can have it.
 */
export const INSTANCE_ACTOR = 'instance';

/** Something of ours another server's `Flag` names. */
export type FlaggedTarget = { targetType: 'POST' | 'COMMENT' | 'LEARNING_PLAN' | 'USER'; targetId: number };

type Deps = {
  db: Database;
  log: FastifyBaseLogger;
  origin: string;
  federation: Federation<void>;
  /** Their actor, fetched from their server (SSRF-safe, with a time limit), or null. */
  lookUp: (ctx: Context<void>, account: string) => Promise<Actor | null>;
};

/** What is kept of a `Flag`'s text: plain, storable (no NUL, no lone surrogate), as long as a report's. */
const detailsOf = (flag: Flag) =>
  Array.from(remoteText(flag.content?.toString() ?? '').replace(/[\0\uD800-\uDFFF]/gu, ''))
    .slice(0, REPORT_LIMITS.detailsMax)
    .join('');

/** Reports across servers (docs/federation.md, "Safety"): a copy of ours sent, theirs received. */
export function createRemoteReports({ db, log, origin, federation, lookUp }: Deps) {
  return {
    /**
     * Sends the reported person's server a `Flag` from the instance actor naming them (and their
     * comment), with the reason as `content`, to their shared inbox where they have one. False when
     * their server could not be reached.
     */
    async forward(report: ForwardedReport): Promise<boolean> {
      const ctx = federation.createContext(new URL(origin), undefined);
      const target = await lookUp(ctx, report.actorUri);
      if (!target?.id || !target.inboxId) return false;
      const actor = ctx.getActorUri(INSTANCE_ACTOR);
      const label = REPORT_REASON_LABELS[report.reason];
      try {
        const flag = new Flag({
          id: new URL(`#flags/${randomUUID()}`, actor),
          actor,
          objects: [target.id, ...(report.objectUri ? [new URL(report.objectUri)] : [])],
          content: report.details ? `${label}: ${report.details}` : label,
        });
        await ctx.sendActivity({ identifier: INSTANCE_ACTOR }, target, flag, { preferSharedInbox: true });
        return true;
      } catch (error) {
        log.error({ err: error, actor: report.actorUri }, 'a report could not be forwarded');
        return false;
      }
    },

    /**
     * Another server's `Flag`: the posts, comments and plans of ours it names (else the people, as
     * Mastodon names the account beside its posts) become reports from that server, its text their
     * details. A Flag naming nothing of ours is dropped.
     */
    async received(flag: Flag, named: FlaggedTarget[]) {
      const actor = flag.actorId;
      const content = named.filter((target) => target.targetType !== 'USER');
      const chosen = content.length > 0 ? content : named;
      const targets = [...new Map(chosen.map((t) => [`${t.targetType}-${t.targetId}`, t])).values()];
      if (!actor || targets.length === 0) {
        log.info({ actor: actor?.href }, 'a report about nothing of ours was dropped');
        return;
      }
      await insertReceivedReports(db, { fromServer: actor.host, details: detailsOf(flag), targets });
      log.info({ actor: actor.href, reports: targets.length }, 'a report arrived');
    },
  };
}
