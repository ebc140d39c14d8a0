/**
 * Blocking whole servers (docs/federation.md, "Safety"), zod-free: the moderation page reads these texts.
 */
export const DOMAIN_BLOCK_LIMITS = { domainMax: 253, reasonMax: 1000 } as const;

export const DOMAIN_BLOCK_MESSAGES = {
  domainInvalid: 'Give a domain such as spam.example (no @, path or port).',
  reasonTooLong: `The reason must be at most ${DOMAIN_BLOCK_LIMITS.reasonMax} characters.`,
  moderatorsOnly: 'Only moderators can block servers.',
  alreadyBlocked: 'This domain is already blocked.',
  notBlocked: 'This domain is not blocked.',
  ownDomain: 'This is the domain of this server.',
  blocked: (domain: string) =>
    `${domain} is blocked: its activities are refused, and its followers, likes and shares removed.`,
  /** The moderation page's section. */
  tabLabel: 'Blocked servers',
  explanation:
    'Activities from a blocked domain and its subdomains are refused. Blocking removes its people ' +
    'from the followers of everyone here, with their likes and shares; nothing is sent there any more.',
  domainLabel: 'Domain',
  reasonLabel: 'Reason (for moderators)',
  add: 'Block domain',
  adding: 'Blocking…',
  remove: 'Unblock',
  unblockTitle: (domain: string) => `Unblock ${domain}?`,
  unblockMessage:
    'Its activities are accepted again. The followers, likes and shares removed when it was blocked ' +
    'do not come back.',
  unblocked: (domain: string) => `${domain} is unblocked.`,
  listLabel: 'Blocked domains',
  blockedBy: (name: string) => `Blocked by ${name}`,
  empty: 'No servers are blocked',
  loadFailed: 'The blocked servers could not be loaded.',
  failed: 'That did not work. Please try again.',
} as const;
