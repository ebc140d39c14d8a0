import { z } from 'zod';
import { bodyId, isoDateTime, page, pageQuery, pathId, text, userRef } from './common.js';
import { contentModeration } from './content-moderation.js';
import { CONTENT_MODERATION_ACTIONS } from './content-moderation-constants.js';
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from './report-constants.js';

const reportTargetType = z.enum(REPORT_TARGET_TYPES, { error: REPORT_MESSAGES.invalidTargetType });
const optionalNote = (message: string) =>
  text({ error: message }).trim().max(REPORT_LIMITS.detailsMax, { error: message }).default('');

/** `POST /api/reports`: what is reported and why. */
export const reportBody = z.object({
  targetType: reportTargetType,
  targetId: bodyId(REPORT_MESSAGES.targetNotFound),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.invalidReason }),
  details: optionalNote(REPORT_MESSAGES.detailsTooLong),
  /**
   * Also send an anonymous copy (an ActivityPub `Flag` from this server, not from the reporter) to the
   * server of the person reported: only for REMOTE_ACCOUNT and their comments (docs/federation.md).
   */
  forward: z.boolean({ error: REPORT_MESSAGES.invalidForward }).default(false),
});
export type ReportBody = z.input<typeof reportBody>;

/** Said to the reporter, whether or not they had reported it already (the same open report then). */
export const reportReceived = z.object({
  id: z.number().int(),
  message: z.string(),
  /** Whether a copy went to the reported person's server (`forward`); false for every other report. */
  forwarded: z.boolean(),
});
export type ReportReceived = z.infer<typeof reportReceived>;

/** A report in the moderators' queue. The target is null once it has been deleted. */
export const moderationReport = z.object({
  id: z.number().int(),
  targetType: reportTargetType,
  target: z
    .object({
      id: z.number().int(),
      /** A title, the start of a comment, or a name, as it reads now. */
      summary: z.string(),
      /** The web app's page showing it. */
      path: z.string(),
      /** Set while a moderator keeps it hidden. */
      moderation: contentModeration.optional(),
      /** Only for someone on another server or their comment: who they are there, and their profile. */
      remote: z.object({ handle: z.string(), profileUrl: z.string() }).optional(),
    })
    .nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** Null once the reporter's account is deleted, and for a report from another server (`fromServer`). */
  reporter: userRef.nullable(),
  /** The host of the server that sent the report (an ActivityPub `Flag`); null for a report made here. */
  fromServer: z.string().nullable(),
  /** Whether an anonymous copy was sent to the reported person's server. */
  forwarded: z.boolean(),
  createdAt: isoDateTime,
  closedAt: isoDateTime.nullable(),
  closedBy: userRef.nullable(),
  note: z.string(),
});
export type ModerationReport = z.infer<typeof moderationReport>;
export const moderationReportPage = page(moderationReport);

/**
 * `open` (the default): waiting for a moderator, oldest first; `closed`: resolved or dismissed, newest first.
 */
export const moderationReportsQuery = pageQuery().extend({
  status: z.enum(['open', 'closed'], { error: 'status must be open or closed' }).default('open'),
});

export const reportParams = z.object({
  reportId: pathId({ invalid: REPORT_MESSAGES.invalidReportId, notFound: REPORT_MESSAGES.reportNotFound }),
});

/** `POST /api/moderation/reports/{id}/close`. */
export const closeReportBody = z.object({
  outcome: z.enum(['RESOLVED', 'DISMISSED'], { error: REPORT_MESSAGES.invalidOutcome }),
  note: optionalNote(REPORT_MESSAGES.noteTooLong),
});
export type CloseReportBody = z.input<typeof closeReportBody>;

/** Every moderator action, kept with who, what and when. */
export const moderationAction = z.object({
  id: z.number().int(),
  action: z.enum([
    'REPORT_RESOLVED',
    'REPORT_DISMISSED',
    ...CONTENT_MODERATION_ACTIONS,
    'GROUP_POST_REMOVED',
    'SUSPENDED',
    'UNSUSPENDED',
    'DOMAIN_BLOCKED',
    'DOMAIN_UNBLOCKED',
  ]),
  moderator: userRef.nullable(),
  reportId: z.number().int().nullable(),
  /** What was reported, or DOMAIN for a server blocked or unblocked. */
  targetType: z.enum([...REPORT_TARGET_TYPES, 'DOMAIN']),
  targetId: z.number().int().nullable(),
  /** The server blocked or unblocked; null on every other action. */
  domain: z.string().nullable(),
  note: z.string(),
  createdAt: isoDateTime,
});
export type ModerationAction = z.infer<typeof moderationAction>;
export const moderationActionPage = page(moderationAction);
