import type { UserListItem, UserProfile } from '@pathwise/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { errorResponse } from './error-response';
import { ann } from './fixtures';
import { server } from './msw-server';
import { pageOf } from './page-of';

export const bob: UserProfile = {
  id: 8,
  name: 'Bob Stone',
  handle: 'bobstone',
  email: 'bob@example.com',
  bio: 'Learning the cello, one scale at a time.',
  location: 'Porto',
  profilePicture: 'https://cdn.example/bob.png',
  createdAt: '2025-03-14T12:00:00.000Z',
  followersCount: 4,
  followingCount: 2,
  postsCount: 3,
  isCurrentUserFollowing: false,
  isBlocked: false,
  isMuted: false,
  suspended: false,
  hasFeed: false,
};

/**
 * Answers `GET /api/users/{id}` with these profiles (Ann's own by default), and the profile's
 * first tab (the user's posts) with an empty page.
 */
export function serveProfiles(...profiles: UserProfile[]) {
  const byId = new Map([ann, ...profiles].map((profile) => [String(profile.id), profile]));
  server.use(
    http.get('/api/posts/user/:id', () => HttpResponse.json(pageOf([]))),
    http.get('/api/users/:id', ({ params }) => {
      const profile = byId.get(String(params.id));
      return profile
        ? HttpResponse.json(profile)
        : errorResponse(404, 'User profile not found. Please check the user ID.')();
    }),
  );
}

export function listItem(id: number, name: string): UserListItem {
  return {
    id,
    name,
    handle: name.toLowerCase(),
    email: `${name.toLowerCase()}@example.com`,
    profilePicture: null,
    isCurrentUserFollowing: false,
  };
}

/** The profile's name heading, once the lazily loaded page has rendered it (slow on a busy machine). */
export const findProfileHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

/**
 * Loads the profile route's modules (and the tabs' features) once before a file's tests, so that
 * compiling them on a busy machine does not count against the first test's time limit.
 */
export const loadProfileRoute = () => import('../app/routes/profile');
