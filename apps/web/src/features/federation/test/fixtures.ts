import type { RemoteAccount, RemotePost } from '@pathwise/contract';

/** Ann, on another server, as a search answers her. */
export const remoteAccountFixture = (fields: Partial<RemoteAccount> = {}): RemoteAccount => ({
  id: 7,
  handle: '@ann@social.example',
  name: 'Ann Elsewhere',
  bio: 'Learning in public.',
  profilePicture: null,
  url: 'https://social.example/@ann',
  followState: null,
  isBlocked: false,
  isMuted: false,
  ...fields,
});

/** A Note of Ann's, as the Following feed answers it. */
export const remotePostFixture = (fields: Partial<RemotePost> = {}): RemotePost => ({
  id: 3,
  author: {
    id: 7,
    handle: '@ann@social.example',
    name: 'Ann Elsewhere',
    profilePicture: null,
    url: 'https://social.example/@ann',
  },
  title: null,
  summary: null,
  contentHtml: '<p>Learning <em>Rust</em> today</p>',
  url: 'https://social.example/@ann/110',
  attachments: [],
  publishedAt: '2026-01-06T10:00:00.000Z',
  updatedAt: null,
  likedByMe: false,
  likesCount: 0,
  myReplies: [],
  ...fields,
});
