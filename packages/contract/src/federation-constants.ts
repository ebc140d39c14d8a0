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
  profileNotShown:
    'Other servers can only see you once you show your profile to visitors (Settings, Privacy).',
} as const;

/** How long the account (`@name@server`, or a profile's address) may be. */
export const REMOTE_ACCOUNT_MAX_LENGTH = 500;
