/**
 * What a visitor reading signed out is told (PUBLIC_READING), and the Share button's texts. Kept free
 * of zod: the pages a visitor opens first show them.
 */
export const VISITOR_TEXTS = {
  signIn: 'Sign in',
  join: 'Join',
  /** What an action a visitor tried (like, comment, follow, save…) says before leading to sign in. */
  signInToContinue: 'Sign in to continue',
  signInToComment: 'Sign in to comment',
  /** A profile its owner does not show to visitors, or one that does not exist: the same words. */
  profileForMembers: 'Sign in to see this profile',
  profileForMembersHint: 'This profile is shown to members only, or it does not exist.',
} as const;

export const SHARE_TEXTS = {
  share: 'Share',
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied. Copy it from the address bar.',
} as const;
