/** What the ActivityPub endpoints (FEDERATION=true) answer when they have nothing to give. */
export const FEDERATION_MESSAGES = {
  /** No such person, post or document, or a person who does not show their profile to visitors. */
  notFound: 'There is nothing here for other servers: no such person or post, or not shown to visitors.',
  /** An actor or post's address asked for as something other than ActivityPub JSON (a browser). */
  notAcceptable: 'This address answers ActivityPub JSON (Accept: application/activity+json).',
} as const;

/** What following someone on another server answers when it cannot. */
export const REMOTE_FOLLOW_MESSAGES = {
  accountInvalid: 'Give the account as @name@server or the address of their profile',
  accountNotFound: 'No account was found at that address on the other server.',
  /** An unfollow or a page of someone this server does not know of. */
  unknownAccount: 'There is no such account from another server here.',
  profileNotShown:
    'Other servers can only see you once you show your profile to visitors (Settings, Privacy).',
  /** Removing a follower elsewhere who does not follow the viewer (or no longer does). */
  notYourFollower: 'Follower not found: this person does not follow you from another server.',
  followerInvalid: 'Invalid follower ID',
  /** A search or follow of someone on a server a moderator blocked: nothing is asked of that server. */
  blockedServer: 'This server blocked theirs: its accounts cannot be found or followed from here.',
  /** A like or reply to a post from elsewhere that is not in the viewer's Following feed. */
  unknownPost: 'There is no such post from another server in your Following feed.',
  /** An edit or deletion of a reply that is not the viewer's, or no longer there. */
  unknownReply: 'There is no such reply of yours to this post.',
} as const;

/** How long the account (`@name@server`, or a profile's address) may be. */
export const REMOTE_ACCOUNT_MAX_LENGTH = 500;

/** The server of someone's `@name@server`. */
export const serverOfHandle = (handle: string) => handle.slice(handle.lastIndexOf('@') + 1);

/**
 * `@name@server` or an http(s) address: what may name someone on another server. The server looks
 * such a search up on their server; the web app says so when nothing was found there.
 */
export const looksLikeRemoteAccount = (query: string) =>
  /^@?[^@\s/]+@[^@\s/]+$/.test(query) || /^https?:\/\/\S+$/.test(query);

/**
 * What another server may send us and what we take from it (docs/federation.md, "Safety"): inbox bodies,
 * how often one server may deliver, and the documents we fetch.
 */
export const FEDERATION_LIMITS = {
  /** An activity is a few kB; Mastodon's largest are well under this. */
  inboxBodyBytes: 256 * 1024,
  /** Deliveries per minute from one server (the host of the signing key, else the address). */
  inboxPerHostPerMinute: 300,
  fetchTimeoutMs: 10_000,
  fetchBodyBytes: 1024 * 1024,
  fetchRedirects: 5,
  /** What of a report (`Flag`) from elsewhere is looked at: Mastodon names the account and some posts. */
  flagObjects: 20,
  /** How long NodeInfo's figures are kept before they are counted again. */
  nodeInfoCacheSeconds: 600,
} as const;

/** What the inboxes answer when they refuse a delivery before reading it. */
export const INBOX_MESSAGES = {
  tooLarge: `An activity may be at most ${FEDERATION_LIMITS.inboxBodyBytes / 1024} kB.`,
  tooMany: 'Too many deliveries from your server. Please retry later.',
  blockedDomain: 'This server does not accept activities from yours.',
  unsigned: 'Sign each delivery with an HTTP Signature of its actor’s key.',
  foreignKey: 'The delivery is signed with a key of another server than its actor’s.',
  unreadable: 'The delivery is not an activity this server can read.',
} as const;
