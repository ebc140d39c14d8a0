import {
  type CloseReportBody,
  type ModerationAction,
  type ModerationReport,
  type Page,
  type PageQuery,
  REPORT_MESSAGES,
  type ReportBody,
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
  type ReportRow,
  reportExists,
  selectActionPage,
  selectReportPage,
} from './reports.queries.js';

type ReportsDependencies = {
  db: Database;
  /** ADMIN_EMAILS, lowercased: the accounts that moderate. */
  moderatorEmails: ReadonlySet<string>;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toModerationReport(viewer: Viewer, row: ReportRow): ModerationReport {
  const person = (ref: ReportRow['reporter']) =>
    ref && { ...ref, profilePicture: viewer.mediaUrl(ref.profilePicture) };
  return {
    id: row.id,
    targetType: row.targetType,
    target:
      row.targetId === null
        ? null
        : {
            id: row.targetId,
            summary: row.targetSummary ?? '',
            path: row.targetPath ?? '',
            ...moderationOf({ hiddenAt: row.targetHiddenAt, hiddenReason: row.targetHiddenReason }),
          },
    reason: row.reason,
    details: row.details,
    status: row.status,
    reporter: person(row.reporter),
    createdAt: iso(row.createdAt)!,
    closedAt: iso(row.closedAt),
    closedBy: person(row.closedBy),
    note: row.note,
  };
}

export function createReportsService({ db, moderatorEmails }: ReportsDependencies) {
  const isModerator = async (userId: number) => {
    const email = await emailOf(db, userId);
    return email !== null && moderatorEmails.has(email.toLowerCase());
  };
  const requireModerator = async (viewer: Viewer) => {
    if (!(await isModerator(viewer.id))) throw forbidden(REPORT_MESSAGES.moderatorsOnly);
  };

  return {
    isModerator,

    /** Files a report about something the viewer can see and did not make. */
    async report(viewer: Viewer, body: Required<ReportBody>): Promise<ReportReceived> {
      const missing = notFound(REPORT_MESSAGES.targetNotFound);
      const target = await findReportTarget(db, body.targetType, body.targetId, viewer.id);
      if (!target?.visible) throw missing;
      if (target.ownerId === viewer.id) throw badRequest(REPORT_MESSAGES.ownContent);
      const id = await insertReport(db, { reporterId: viewer.id, ...body }).catch(whenReferenceGone(missing));
      return { id, message: REPORT_MESSAGES.received };
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
