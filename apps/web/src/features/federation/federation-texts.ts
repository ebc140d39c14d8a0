/** Someone's server, from their `@name@server`. */
export const serverOf = (handle: string) => handle.slice(handle.lastIndexOf('@') + 1);

/** What the web app says about people and posts on other servers. */
export const FEDERATION_TEXTS = {
  follow: 'Follow',
  requested: 'Requested',
  unfollow: 'Unfollow',
  followLabel: (handle: string) => `Follow ${handle}`,
  /** A pending request is withdrawn by the same button, as on Mastodon. */
  requestedLabel: (handle: string) => `Requested: withdraw the follow request to ${handle}`,
  unfollowLabel: (handle: string) => `Unfollow ${handle}`,
  pending: (handle: string) => `Follow request sent. Waiting for ${serverOf(handle)} to accept it.`,
  following: (handle: string) => `You follow ${handle}. Their new public posts show in Following.`,
  rejected: (handle: string) => `${serverOf(handle)} declined the follow request.`,
  /** A failure without the server's own explanation: their server was too slow or unreachable. */
  followFailed: 'Their server could not be reached in time. Please try again later.',
  unfollowFailed: 'The unfollow could not be sent. Please try again.',
  elsewhere: (handle: string) => `On ${serverOf(handle)}`,
  viewProfile: (handle: string) => `View profile on ${serverOf(handle)}`,
  newTab: '(opens in a new tab)',
  viewOriginal: 'View original',
  postBy: (name: string) => `Post by ${name}`,
  showMore: 'Show more',
  showLess: 'Show less',
  attachments: 'Attachments',
  attachment: (index: number) => `Attachment ${index}`,
  mute: 'Mute',
  unmute: 'Unmute',
  block: 'Block',
  unblock: 'Unblock',
  muteLabel: (handle: string) => `Mute ${handle}`,
  unmuteLabel: (handle: string) => `Unmute ${handle}`,
  blockLabel: (handle: string) => `Block ${handle}`,
  unblockLabel: (handle: string) => `Unblock ${handle}`,
  muted: (handle: string) => `You muted ${handle}: their notifications and posts in Following stop.`,
  blocked: (handle: string) =>
    `You blocked ${handle}: their comments, follows and notifications no longer reach you.`,
  restrictFailed: 'That did not work. Please try again.',
} as const;
