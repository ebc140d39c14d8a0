/**
 * Reports and moderation (docs/features.md, "Reports and moderation"), zod-free: the Report button sits on
 * the pages people see first (docs/testing.md, "Budgets").
 */
export const REPORT_TARGET_TYPES = [
  'POST',
  'COMMENT',
  'LEARNING_PLAN',
  'USER',
  'GROUP',
  'GROUP_POST',
  /** Someone on another server (`/api/federation/accounts/{id}`); their comments are COMMENTs. */
  'REMOTE_ACCOUNT',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'SPAM',
  'HARASSMENT',
  'HATE',
  'INAPPROPRIATE',
  'MISINFORMATION',
  'OTHER',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPAM: 'Spam or advertising',
  HARASSMENT: 'Harassment or bullying',
  HATE: 'Hate speech',
  INAPPROPRIATE: 'Sexual, violent or otherwise inappropriate',
  MISINFORMATION: 'Misleading or false information',
  OTHER: 'Something else',
};

export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = { detailsMax: 1000 } as const;

/** The report dialog's choice for someone on another server (Mastodon's "forward"). */
export const REPORT_FORWARD_TEXTS = {
  label: (server: string) => `Also send an anonymous copy of this report to ${server}`,
  hint: 'Their moderators get the reason and details, not your name.',
} as const;

export const REPORT_MESSAGES = {
  received: 'Thank you. Your report was received, and a moderator will look at it.',
  receivedAndForwarded:
    'Thank you. Your report was received, and a moderator will look at it. ' +
    'An anonymous copy was sent to their server.',
  /** The report is filed here all the same. */
  forwardFailed:
    'Thank you. Your report was received, and a moderator will look at it. ' +
    'Their server could not be reached, so no copy was sent there.',
  /** `forward` on a report about something made here. */
  notRemote: 'Only a report about someone on another server can be sent to their server.',
  invalidForward: 'forward must be true or false.',
  reportFailed: 'Your report could not be sent. Please try again.',
  ownContent: 'You cannot report yourself or what you made.',
  targetNotFound: 'What you reported no longer exists.',
  invalidTargetType:
    'Reports are about a post, a comment, a learning plan, a user, a study group, a post in a group ' +
    'or someone on another server.',
  invalidReason: 'Please choose a reason.',
  detailsTooLong: `Details must be at most ${REPORT_LIMITS.detailsMax} characters.`,
  moderatorsOnly: 'Only moderators can see and close reports.',
  reportNotFound: 'Report not found',
  invalidReportId: 'Invalid report ID',
  alreadyClosed: 'This report is already closed.',
  invalidOutcome: 'A report is closed as resolved or dismissed.',
  noteTooLong: `The note must be at most ${REPORT_LIMITS.detailsMax} characters.`,
} as const;
