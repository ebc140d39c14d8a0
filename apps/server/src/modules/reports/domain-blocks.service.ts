import {
  DOMAIN_BLOCK_MESSAGES,
  type DomainBlock,
  type DomainBlockInput,
  type DomainBlockResult,
  type Page,
  type PageQuery,
  type RemoteFollowerServers,
  SUSPENSION_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  blockDomain,
  selectDomainBlockPage,
  selectRemoteFollowerServers,
  unblockDomain,
} from './domain-blocks.queries.js';

type DomainBlocksDependencies = {
  db: Database;
  /** The host of PUBLIC_URL: a moderator cannot block their own server. */
  ownHost: string;
  isModerator: (userId: number) => Promise<boolean>;
};

/** Moderators block whole servers (by domain, subdomains included), list and unblock them. */
export function createDomainBlocksService({ db, ownHost, isModerator }: DomainBlocksDependencies) {
  const requireModerator = async (viewer: Viewer) => {
    if (!(await isModerator(viewer.id))) throw forbidden(DOMAIN_BLOCK_MESSAGES.moderatorsOnly);
  };

  return {
    async list(viewer: Viewer, query: PageQuery): Promise<Page<DomainBlock>> {
      await requireModerator(viewer);
      const { total, rows } = await selectDomainBlockPage(db, pageWindow(query));
      const content = rows.map(
        (row): DomainBlock => ({
          domain: row.domain,
          reason: row.reason,
          moderator: row.moderatorId === null ? null : { id: row.moderatorId, name: row.moderatorName ?? '' },
          createdAt: row.createdAt.toISOString(),
        }),
      );
      return toPage(content, total, query);
    },

    async block(viewer: Viewer, input: DomainBlockInput): Promise<DomainBlockResult> {
      await requireModerator(viewer);
      if (input.domain === ownHost || ownHost.endsWith(`.${input.domain}`))
        throw badRequest(DOMAIN_BLOCK_MESSAGES.ownDomain);
      const done = await blockDomain(db, { ...input, moderatorId: viewer.id });
      if (!done) throw conflict(DOMAIN_BLOCK_MESSAGES.alreadyBlocked);
      return {
        domain: input.domain,
        removedFollowers: done.removedFollowers,
        removedReactions: done.removedReactions,
        message: DOMAIN_BLOCK_MESSAGES.blocked(input.domain),
      };
    },

    /** Where a person's remote followers are, per server: a domain block removes a server's. */
    async remoteFollowerServers(viewer: Viewer, userId: number): Promise<RemoteFollowerServers> {
      // A missing person is a 404 for anyone, as their profile is; only moderators see the counts.
      const servers = await selectRemoteFollowerServers(db, userId);
      if (servers === null) throw notFound(SUSPENSION_MESSAGES.userNotFound);
      await requireModerator(viewer);
      return { servers };
    },

    async unblock(viewer: Viewer, domain: string): Promise<void> {
      await requireModerator(viewer);
      if (!(await unblockDomain(db, { domain, moderatorId: viewer.id }))) {
        throw notFound(DOMAIN_BLOCK_MESSAGES.notBlocked);
      }
    },
  };
}
export type DomainBlocksService = ReturnType<typeof createDomainBlocksService>;
