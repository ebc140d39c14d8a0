/**
 * Suspending accounts (docs/features.md, "Reports and moderation"), zod-free: the sign-in page and the
 * profile read these texts (docs/testing.md, "Budgets").
 */
export const SUSPENSION_LIMITS = { reasonMax: 1000 } as const;

export const SUSPENSION_MESSAGES = {
  reasonRequired: 'Please say why the account is suspended.',
  reasonTooLong: `The reason must be at most ${SUSPENSION_LIMITS.reasonMax} characters.`,
  moderatorsOnly: 'Only moderators can suspend accounts.',
  userNotFound: 'User not found',
  invalidUserId: 'Invalid user ID',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendModerator: 'Moderators cannot be suspended. Remove them from ADMIN_EMAILS first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  suspended: (name: string) => `${name} is suspended: signed out everywhere, and what they made is hidden.`,
  unsuspended: (name: string) =>
    `${name} is no longer suspended: they can sign in, and what they made is back.`,
  /** What everyone sees on a suspended account's profile instead of its bio and content. */
  profileSuspended: 'This account has been suspended.',
  suspendAction: 'Suspend account',
  unsuspendAction: 'Unsuspend',
  dialogTitle: (name: string) => `Suspend ${name}?`,
  dialogExplanation:
    'They are signed out everywhere and cannot sign in; their posts, plans and comments are hidden ' +
    'from everyone until you unsuspend them. Their open reports are resolved.',
  reasonLabel: 'Reason (shown in the moderation log)',
  confirmSuspend: 'Suspend',
  cancel: 'Cancel',
  suspending: 'Suspending…',
  unsuspending: 'Unsuspending…',
  failed: 'That did not work. Please try again.',
} as const;
