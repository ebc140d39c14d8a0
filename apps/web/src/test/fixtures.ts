import type { CurrentUser } from '@pathwise/contract';

export const ann: CurrentUser = {
  id: 7,
  name: 'Ann Lee',
  handle: 'annlee',
  email: 'ann@example.com',
  bio: '',
  location: '',
  profilePicture: null,
  createdAt: '2026-01-05T09:30:00.000Z',
  followersCount: 0,
  followingCount: 0,
  postsCount: 0,
  isCurrentUserFollowing: false,
  isBlocked: false,
  isMuted: false,
  suspended: false,
  hasFeed: false,
  isModerator: false,
};

export const ANN_TOKEN = 'token-of-ann';
