import {
  type CloseReportBody,
  type ModerationAction,
  type ModerationReport,
  type Page,
  type PageQuery,
  REPORT_MESSAGES,
  type ReportBody,
  type ReportReason,
  type ReportReceived,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { moderationOf } from '../../lib/content-moderation.js';
import { whenReferenceGone } from '../../lib/db-errors.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  closeReport,
  emailOf,
  findReportTarget,
  insertReport,
  markReportForwarded,
  type ReportRow,
  reportExists,
  selectActionPage,
  selectReportPage,
} from './reports.queries.js';

/** A report about someone on another server, as their server is sent it (without the reporter). */
export type ForwardedReport = {
  actorUri: string;
  /** Their comment's ActivityPub id, when the report is about one. */
  objectUri: string | null;
  reason: ReportReason;
  details: string;
};

type ReportsDependencies = {
  db: Database;
  /** ADMIN_EMAILS, lowercased: the accounts that moderate. */
  moderatorEmails: ReadonlySet<string>;
  /** Sends the anonymous copy (FEDERATION=true); false when their server could not be reached. */
  forwardReport?: (report: ForwardedReport) => Promise<boolean>;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toModerationReport(viewer: Viewer, row: ReportRow): ModerationReport {
  const person = (ref: ReportRow['reporter']) =>
    ref && { ...ref, profilePicture: viewer.mediaUrl(ref.profilePicture) };
  const remote = row.targetRemote;
  // Someone elsewhere has no page here: the search finds them, with their card (Follow, Mute, Block).
  const path =
    row.targetType === 'REMOTE_ACCOUNT' && remote ? `/search?q=${encodeURIComponent(remote.handle)}` : null;
  return {
    id: row.id,
    targetType: row.targetType,
    target:
      row.targetId === null
        ? null
        : {
            id: row.targetId,
            summary: row.targetSummary ?? '',
            path: path ?? row.targetPath ?? '',
            ...moderationOf({ hiddenAt: row.targetHiddenAt, hiddenReason: row.targetHiddenReason }),
            ...(remote && { remote }),
          },
    reason: row.reason,
    details: row.details,
    status: row.status,
    reporter: person(row.reporter),
    fromServer: row.fromServer,
    forwarded: row.forwarded,
    createdAt: iso(row.createdAt)!,
    closedAt: iso(row.closedAt),
    closedBy: person(row.closedBy),
    note: row.note,
  };
}

export function createReportsService({ db, moderatorEmails, forwardReport }: ReportsDependencies) {
  const isModerator = async (userId: number) => {
    const email = await emailOf(db, userId);
    return email !== null && moderatorEmails.has(email.toLowerCase());
  };
  const requireModerator = async (viewer: Viewer) => {
    if (!(await isModerator(viewer.id))) throw forbidden(REPORT_MESSAGES.moderatorsOnly);
  };

  return {
    isModerator,

    /**
     * Files a report about something the viewer can see and did not make; about someone on another
     * server, with `forward`, also sends their server a copy without the reporter (once per report).
     */
    async report(viewer: Viewer, body: Required<ReportBody>): Promise<ReportReceived> {
      const missing = notFound(REPORT_MESSAGES.targetNotFound);
      const { forward, ...report } = body;
      const target = await findReportTarget(db, report.targetType, report.targetId, viewer.id);
      if (!target?.visible) throw missing;
      if (target.ownerId === viewer.id) throw badRequest(REPORT_MESSAGES.ownContent);
      if (forward && !target.remote) throw badRequest(REPORT_MESSAGES.notRemote);
      const filed = await insertReport(db, { reporterId: viewer.id, ...report }).catch(
        whenReferenceGone(missing),
      );
      if (!filed.isNew || !forward || !target.remote) {
        const message = filed.forwarded ? REPORT_MESSAGES.receivedAndForwarded : REPORT_MESSAGES.received;
        return { id: filed.id, message, forwarded: filed.forwarded };
      }
      const sent = forwardReport
        ? await forwardReport({ ...target.remote, reason: report.reason, details: report.details })
        : false;
      if (sent) await markReportForwarded(db, filed.id);
      const message = sent ? REPORT_MESSAGES.receivedAndForwarded : REPORT_MESSAGES.forwardFailed;
      return { id: filed.id, message, forwarded: sent };
    },

    async reports(
      viewer: Viewer,
      query: PageQuery & { status: 'open' | 'closed' },
    ): Promise<Page<ModerationReport>> {
      await requireModerator(viewer);
      const { total, rows } = await selectReportPage(db, query.status === 'open', pageWindow(query));
      return toPage(
        rows.map((row) => toModerationReport(viewer, row)),
        total,
        query,
      );
    },

    async close(viewer: Viewer, reportId: number, body: Required<CloseReportBody>): Promise<void> {
      await requireModerator(viewer);
      const closed = await closeReport(db, { reportId, moderatorId: viewer.id, ...body });
      if (closed) return;
      throw (await reportExists(db, reportId))
        ? conflict(REPORT_MESSAGES.alreadyClosed)
        : notFound(REPORT_MESSAGES.reportNotFound);
    },

    async actions(viewer: Viewer, query: PageQuery): Promise<Page<ModerationAction>> {
      await requireModerator(viewer);
      const { total, rows } = await selectActionPage(db, pageWindow(query));
      const content = rows.map(
        (row): ModerationAction => ({
          id: row.id,
          action: row.action,
          moderator:
            row.moderatorId === null
              ? null
              : {
                  id: row.moderatorId,
                  name: row.moderatorName ?? '',
                  profilePicture: viewer.mediaUrl(row.moderatorPicture),
                },
          reportId: row.reportId,
          targetType: row.targetType,
          targetId: row.targetId,
          domain: row.domain,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
        }),
      );
      return toPage(content, total, query);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
