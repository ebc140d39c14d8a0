import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteFollowers } from '../../src/db/schema/index.js';
import { createTokenService } from '../../src/lib/tokens.js';
import { bearer, signUp, type TestAccount } from './accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp, testConfig } from './app.js';
import { multipart } from './multipart.js';
import { planBody } from './plans.js';
import { createPost, filePart, postPart, validPost } from './posts.js';

/** What the owner of the things a route acts on made: created afresh for every route. */
type Owned = {
  userId: number;
  handle: string;
  postId: number;
  commentId: number;
  planId: number;
  topicId: number;
  resourceId: number;
  notificationId: number;
  /** A report by "other" of the owner's post. */
  reportId: number;
  /** The owner's private note on the plan's first topic. */
  noteId: number;
  /** The owner's draft of a post, complete enough to publish. */
  draftId: number;
  /** The owner's post scheduled an hour ahead. */
  scheduledPostId: number;
  /** One of the owner's push devices. */
  pushDeviceId: number;
  /** The owner's public study group on their plan, which one member joined. */
  groupId: number;
  groupMemberId: number;
  /** Someone who joined the group and whom the owner removed. */
  groupRemovedId: number;
  /** The member's post in the group's discussion. */
  groupPostId: number;
  /** Someone on another server who follows the owner (their `remote_followers` row). */
  remoteFollowerId: number;
};
type Caller = 'anonymous' | 'other' | 'owner' | 'moderator' | 'blocked' | 'blocker';
/** Each route's request (on the owner's things) and the status each caller gets. */
type Row = {
  request: (owned: Owned) => InjectOptions;
  /**
   * A moderator (ADMIN_EMAILS) is answered as "other" unless the row says otherwise. So are "blocked"
   * (whom the owner blocked) and "blocker" (who blocked the owner), declared together as
   * `acrossBlock`, except that a change refused to "other" for not being the owner's is a 404 to
   * them: what they cannot read does not exist for them (`acrossBlockOf`).
   */
  expect: Record<Exclude<Caller, 'moderator' | 'blocked' | 'blocker'>, number> & {
    moderator?: number;
    acrossBlock?: number;
    /**
     * What a visitor (no token) gets on an instance with PUBLIC_READING on, where the owner shows
     * their profile to visitors: as `anonymous` (the visitor on a default instance) unless declared.
     */
    visitor?: number;
  };
  /** The route ends the caller's sessions and returns a new token, which the caller keeps using. */
  renewsToken?: true;
  /**
   * Undoes what the route leaves behind that would change the responses of later rows (a block), after each
   * call.
   */
  undo?: (owned: Owned) => InjectOptions;
};

const json = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({
  method,
  url,
  payload,
});
const form = (
  method: InjectOptions['method'],
  url: string,
  parts: Parameters<typeof multipart>[0],
): InjectOptions => {
  const { payload, headers } = multipart(parts);
  return { method, url, payload, headers };
};
const signedIn = (status: number): Row['expect'] => ({
  anonymous: 401,
  other: status,
  owner: status,
});
/** A read of public content: visitors get it too when the instance has PUBLIC_READING on. */
const readable = (status: number): Row['expect'] => ({ ...signedIn(status), visitor: status });
const ownerOnly = (status: number, refused = 403): Row['expect'] => ({
  anonymous: 401,
  other: refused,
  owner: status,
});

/**
 * Every route of the API and of the site's documents, declared with who may call it: a route missing here
 * fails the test below.
 * "other" is another signed-in user; ids point at the owner's things (a public plan, a post, a comment…).
 */
const MATRIX: Record<string, Row> = {
  'GET /api/health': {
    request: () => ({ url: '/api/health' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  'GET /api/instance': {
    request: () => ({ url: '/api/instance' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  // The site's documents for crawlers and feed readers (outside /api): the same for everyone, and only
  // with PUBLIC_READING on, but robots.txt, which then says to crawl nothing.
  'GET /robots.txt': {
    request: () => ({ url: '/robots.txt' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  'GET /sitemap.xml': {
    request: () => ({ url: '/sitemap.xml' }),
    expect: { anonymous: 404, other: 404, owner: 404, visitor: 200 },
  },
  'GET /sitemaps/:section-:page.xml': {
    request: () => ({ url: '/sitemaps/posts-1.xml' }),
    expect: { anonymous: 404, other: 404, owner: 404, visitor: 200 },
  },
  'GET /@:handle/feed.xml': {
    request: (o) => ({ url: `/@${o.handle}/feed.xml` }),
    expect: { anonymous: 404, other: 404, owner: 404, visitor: 200 },
  },
  'GET /tags/:tag/feed.xml': {
    request: () => ({ url: '/tags/typescript/feed.xml' }),
    expect: { anonymous: 404, other: 404, owner: 404, visitor: 200 },
  },
  'POST /api/auth/signup': {
    request: () =>
      json('POST', '/api/auth/signup', {
        name: 'Newcomer',
        email: `new-${Math.random()}@example.com`,
        password: 'long enough pw',
      }),
    expect: { anonymous: 201, other: 201, owner: 201 },
  },
  'POST /api/auth/login': {
    request: () =>
      json('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' }),
    // Wrong credentials are a 400 (as OAuth 2's invalid_grant), so clients do not take them for an expired
    // session.
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  'POST /api/auth/password/forgot': {
    request: () => json('POST', '/api/auth/password/forgot', { email: 'nobody@example.com' }),
    expect: { anonymous: 202, other: 202, owner: 202 },
  },
  'GET /api/auth/password/reset': {
    // A link nobody was sent: the token, not the caller, is what is checked.
    request: () => ({ method: 'GET', url: '/api/auth/password/reset?token=never-sent' }),
    expect: { anonymous: 404, other: 404, owner: 404 },
  },
  'POST /api/auth/password/reset': {
    // A link nobody was sent: the token, not the caller, is what is checked.
    request: () =>
      json('POST', '/api/auth/password/reset', { token: 'never-sent', password: 'long enough pw' }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  'POST /api/auth/password/change': {
    request: () =>
      json('POST', '/api/auth/password/change', { currentPassword: 'not it', newPassword: 'long enough pw' }),
    expect: signedIn(400),
  },
  'POST /api/auth/email/change': {
    request: () =>
      json('POST', '/api/auth/email/change', {
        newEmail: 'elsewhere@example.com',
        currentPassword: 'not it',
      }),
    expect: signedIn(400),
  },
  'POST /api/auth/email/confirm': {
    // A link nobody was sent: the token, not the caller, is what is checked.
    request: () => json('POST', '/api/auth/email/confirm', { token: 'never-sent' }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  'POST /api/auth/sign-out-everywhere': {
    request: () => ({ method: 'POST', url: '/api/auth/sign-out-everywhere' }),
    expect: signedIn(200),
    renewsToken: true,
  },
  // The account routes act on the caller's own account only: there is no one else's to name.
  'GET /api/account/export': { request: () => ({ url: '/api/account/export' }), expect: signedIn(200) },
  'POST /api/account/delete': {
    // A wrong password: the matrix's accounts must outlive the row.
    request: () => json('POST', '/api/account/delete', { password: 'not it' }),
    expect: signedIn(400),
  },
  'GET /api/auth/oauth2/providers': {
    request: () => ({ url: '/api/auth/oauth2/providers' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  'GET /api/auth/oauth2/authorize/:provider': {
    // Google is not configured in tests: every caller is sent back to the web app with a message.
    request: () => ({ url: '/api/auth/oauth2/authorize/google' }),
    expect: { anonymous: 302, other: 302, owner: 302 },
  },
  'GET /api/auth/oauth2/callback/:provider': {
    request: () => ({ url: '/api/auth/oauth2/callback/google' }),
    expect: { anonymous: 302, other: 302, owner: 302 },
  },
  'GET /api/media/*': {
    request: () => ({ url: '/api/media/missing.png' }),
    expect: { anonymous: 404, other: 404, owner: 404 },
  },
  'GET /api/auth/me': { request: () => ({ url: '/api/auth/me' }), expect: signedIn(200) },
  // A profile its owner does not show to visitors is a 404 to them (public-reading.test.ts).
  'GET /api/users/:id': { request: (o) => ({ url: `/api/users/${o.userId}` }), expect: readable(200) },
  'GET /api/users/by-handle/:handle': {
    request: (o) => ({ url: `/api/users/by-handle/${o.handle}` }),
    expect: readable(200),
  },
  'PUT /api/users/:id': {
    request: (o) =>
      // The address stays the owner's: a new one is confirmed by a mailed link (POST /api/auth/email/change).
      json('PUT', `/api/users/${o.userId}`, { name: 'Renamed', email: owner.user.email }),
    expect: { ...ownerOnly(200), acrossBlock: 403 },
  },
  'POST /api/users/profile-picture': {
    request: () => form('POST', '/api/users/profile-picture', [{ ...filePart('small.png'), name: 'file' }]),
    expect: signedIn(200),
  },
  'GET /api/users/:id/follow/status': {
    request: (o) => ({ url: `/api/users/${o.userId}/follow/status` }),
    expect: signedIn(200),
  },
  // Following oneself is refused.
  'POST /api/users/:id/follow': {
    request: (o) => ({ method: 'POST', url: `/api/users/${o.userId}/follow` }),
    expect: { anonymous: 401, other: 200, owner: 400, acrossBlock: 403 },
  },
  'DELETE /api/users/:id/follow': {
    request: (o) => ({ method: 'DELETE', url: `/api/users/${o.userId}/follow` }),
    expect: { anonymous: 401, other: 200, owner: 400 },
  },
  'GET /api/users/:id/followers': {
    request: (o) => ({ url: `/api/users/${o.userId}/followers` }),
    expect: signedIn(200),
  },
  'GET /api/users/:id/following': {
    request: (o) => ({ url: `/api/users/${o.userId}/following` }),
    expect: signedIn(200),
  },
  // Whoever may see the followers list sees its people elsewhere.
  'GET /api/users/:id/followers/remote': {
    request: (o) => ({ url: `/api/users/${o.userId}/followers/remote` }),
    expect: signedIn(200),
  },
  // Only one's own: someone else's follower is not one of theirs (404).
  'DELETE /api/users/me/followers/remote/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/users/me/followers/remote/${o.remoteFollowerId}` }),
    expect: { anonymous: 401, other: 404, owner: 204 },
  },
  // The owner shows it (ownedThings): 404 across a block, as their posts.
  'GET /api/users/:id/learning-calendar': {
    request: (o) => ({ url: `/api/users/${o.userId}/learning-calendar` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'GET /api/users/me/privacy': { request: () => ({ url: '/api/users/me/privacy' }), expect: signedIn(200) },
  'PUT /api/users/me/privacy': {
    request: () => json('PUT', '/api/users/me/privacy', { showEmail: true }),
    expect: signedIn(200),
  },
  'GET /api/users/me/first-steps': {
    request: () => ({ url: '/api/users/me/first-steps' }),
    expect: signedIn(200),
  },
  'PUT /api/users/me/first-steps': {
    request: () => json('PUT', '/api/users/me/first-steps', { dismissed: true }),
    expect: signedIn(200),
  },
  // Blocking or muting oneself is refused; anyone else may be blocked or muted.
  'PUT /api/users/:id/block': {
    request: (o) => ({ method: 'PUT', url: `/api/users/${o.userId}/block` }),
    expect: { anonymous: 401, other: 200, owner: 400 },
    undo: (o) => ({ method: 'DELETE', url: `/api/users/${o.userId}/block` }),
  },
  'DELETE /api/users/:id/block': {
    request: (o) => ({ method: 'DELETE', url: `/api/users/${o.userId}/block` }),
    expect: { anonymous: 401, other: 200, owner: 400 },
  },
  'PUT /api/users/:id/mute': {
    request: (o) => ({ method: 'PUT', url: `/api/users/${o.userId}/mute` }),
    expect: { anonymous: 401, other: 200, owner: 400 },
    undo: (o) => ({ method: 'DELETE', url: `/api/users/${o.userId}/mute` }),
  },
  'DELETE /api/users/:id/mute': {
    request: (o) => ({ method: 'DELETE', url: `/api/users/${o.userId}/mute` }),
    expect: { anonymous: 401, other: 200, owner: 400 },
  },
  'GET /api/users/me/blocks': { request: () => ({ url: '/api/users/me/blocks' }), expect: signedIn(200) },
  'GET /api/users/me/mutes': { request: () => ({ url: '/api/users/me/mutes' }), expect: signedIn(200) },
  'GET /api/users/:id/activities': {
    request: (o) => ({ url: `/api/users/${o.userId}/activities` }),
    expect: signedIn(200),
  },
  'GET /api/users/:id/learning-progress': {
    request: (o) => ({ url: `/api/users/${o.userId}/learning-progress` }),
    expect: signedIn(200),
  },
  'GET /api/users/:id/social-activity': {
    request: (o) => ({ url: `/api/users/${o.userId}/social-activity` }),
    expect: signedIn(200),
  },
  'GET /api/posts': { request: () => ({ url: '/api/posts' }), expect: readable(200) },
  'GET /api/posts/user/:userId': {
    request: (o) => ({ url: `/api/posts/user/${o.userId}` }),
    expect: readable(200),
  },
  'GET /api/posts/:id': {
    request: (o) => ({ url: `/api/posts/${o.postId}` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'GET /api/posts/:id/history': {
    request: (o) => ({ url: `/api/posts/${o.postId}/history` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'POST /api/posts': {
    request: () => form('POST', '/api/posts', [postPart(validPost)]),
    expect: signedIn(201),
  },
  'PUT /api/posts/:id': {
    request: (o) => form('PUT', `/api/posts/${o.postId}`, [postPart(validPost)]),
    expect: ownerOnly(200),
  },
  'DELETE /api/posts/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/posts/${o.postId}` }),
    expect: ownerOnly(204),
  },
  'POST /api/posts/:id/like': {
    request: (o) => ({ method: 'POST', url: `/api/posts/${o.postId}/like` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'GET /api/posts/:postId/comments': {
    request: (o) => ({ url: `/api/posts/${o.postId}/comments` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'POST /api/posts/:postId/comments': {
    request: (o) => json('POST', `/api/posts/${o.postId}/comments`, { content: 'Nice' }),
    expect: { ...signedIn(201), acrossBlock: 404 },
  },
  'GET /api/comments/:id/history': {
    request: (o) => ({ url: `/api/comments/${o.commentId}/history` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'PUT /api/comments/:id': {
    request: (o) => json('PUT', `/api/comments/${o.commentId}`, { content: 'Edited' }),
    expect: ownerOnly(200),
  },
  'DELETE /api/comments/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/comments/${o.commentId}` }),
    expect: ownerOnly(204),
  },
  'GET /api/comments/:id/replies': {
    request: (o) => ({ url: `/api/comments/${o.commentId}/replies` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'POST /api/comments/:id/like': {
    request: (o) => ({ method: 'POST', url: `/api/comments/${o.commentId}/like` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'GET /api/learning-plans/public': {
    request: () => ({ url: '/api/learning-plans/public' }),
    expect: readable(200),
  },
  'GET /api/learning-plans/popular': {
    request: () => ({ url: '/api/learning-plans/popular' }),
    expect: signedIn(200),
  },
  'GET /api/learning-plans/user/:userId': {
    request: (o) => ({ url: `/api/learning-plans/user/${o.userId}` }),
    expect: readable(200),
  },
  'GET /api/learning-plans/:planId': {
    request: (o) => ({ url: `/api/learning-plans/${o.planId}` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  // Sharing one's own progress on a plan one may see; the owner shares theirs (ownedThings).
  'GET /api/learning-plans/:planId/progress-share': {
    request: (o) => ({ url: `/api/learning-plans/${o.planId}/progress-share` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'PUT /api/learning-plans/:planId/progress-share': {
    request: (o) => json('PUT', `/api/learning-plans/${o.planId}/progress-share`, { shared: true }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'GET /api/learning-plans/:planId/progress/:handle': {
    request: (o) => ({ url: `/api/learning-plans/${o.planId}/progress/${o.handle}` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'GET /api/learning-plans/:planId/progress/:handle/image.png': {
    request: (o) => ({ url: `/api/learning-plans/${o.planId}/progress/${o.handle}/image.png` }),
    expect: { ...readable(200), acrossBlock: 404 },
  },
  'POST /api/learning-plans': {
    request: () => json('POST', '/api/learning-plans', planBody()),
    expect: signedIn(201),
  },
  'PUT /api/learning-plans/:planId': {
    request: (o) => json('PUT', `/api/learning-plans/${o.planId}`, planBody()),
    expect: ownerOnly(200),
  },
  'DELETE /api/learning-plans/:planId': {
    request: (o) => ({ method: 'DELETE', url: `/api/learning-plans/${o.planId}` }),
    expect: ownerOnly(204),
  },
  // Anyone who may see a plan may use it as a template (another's private plan is a 404, in
  // plan-templates.test.ts).
  'POST /api/learning-plans/:planId/copies': {
    request: (o) => ({ method: 'POST', url: `/api/learning-plans/${o.planId}/copies` }),
    expect: { ...signedIn(201), acrossBlock: 404 },
  },
  'POST /api/learning-plans/:planId/topics/:topicId/resources': {
    request: (o) =>
      json('POST', `/api/learning-plans/${o.planId}/topics/${o.topicId}/resources`, {
        title: 'More',
        type: 'ARTICLE',
        url: 'https://example.com/more',
      }),
    expect: ownerOnly(201),
  },
  'POST /api/learning-plans/:planId/topics/:topicId/resources/upload': {
    request: (o) =>
      form('POST', `/api/learning-plans/${o.planId}/topics/${o.topicId}/resources/upload`, [
        { name: 'resourceId', data: String(o.resourceId) },
        { ...filePart('doc.pdf'), name: 'file' },
      ]),
    expect: ownerOnly(200),
  },
  // Anyone who may see a plan tracks their own progress on it.
  'PATCH /api/learning-plans/:planId/topics/:topicId/user-progress': {
    request: (o) => ({
      method: 'PATCH',
      url: `/api/learning-plans/${o.planId}/topics/${o.topicId}/user-progress?status=IN_PROGRESS`,
    }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'PATCH /api/learning-plans/:planId/topics/:topicId/resources/:resourceId/user-progress': {
    request: (o) => ({
      method: 'PATCH',
      url:
        `/api/learning-plans/${o.planId}/topics/${o.topicId}/resources/${o.resourceId}` +
        '/user-progress?isCompleted=true',
    }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  // Notes are their writer's own: anyone who may see the plan writes their own note on it, and
  // another's note is as good as missing.
  'GET /api/notes': { request: () => ({ url: '/api/notes?q=mine' }), expect: signedIn(200) },
  'GET /api/notes/:noteId': {
    request: (o) => ({ url: `/api/notes/${o.noteId}` }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/notes/:noteId': {
    request: (o) => ({ method: 'DELETE', url: `/api/notes/${o.noteId}` }),
    expect: ownerOnly(204, 404),
  },
  // Study groups: anyone who may see the plan sees a public group and joins it; the members read the
  // board, organisers (the owner founded it) manage members and the invite link. Across a block the
  // group does not exist. What a plain member may do is asserted in groups.test.ts.
  'POST /api/groups': {
    request: (o) => json('POST', '/api/groups', { planId: o.planId, name: 'Study group' }),
    expect: { ...signedIn(201), acrossBlock: 404 },
  },
  'GET /api/groups': { request: () => ({ url: '/api/groups' }), expect: signedIn(200) },
  'GET /api/groups/:id': {
    request: (o) => ({ url: `/api/groups/${o.groupId}` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'POST /api/groups/:id/members': {
    request: (o) => json('POST', `/api/groups/${o.groupId}/members`, {}),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'DELETE /api/groups/:id/members': {
    request: (o) => ({ method: 'DELETE', url: `/api/groups/${o.groupId}/members` }),
    // Not a member, or the founder, who cannot leave.
    expect: { anonymous: 401, other: 404, owner: 400 },
  },
  'DELETE /api/groups/:id/members/:userId': {
    request: (o) => ({ method: 'DELETE', url: `/api/groups/${o.groupId}/members/${o.groupMemberId}` }),
    expect: ownerOnly(204),
  },
  'GET /api/groups/:id/removals': {
    request: (o) => ({ url: `/api/groups/${o.groupId}/removals` }),
    expect: ownerOnly(200),
  },
  'DELETE /api/groups/:id/removals/:userId': {
    request: (o) => ({ method: 'DELETE', url: `/api/groups/${o.groupId}/removals/${o.groupRemovedId}` }),
    expect: ownerOnly(204),
  },
  'PUT /api/groups/:id/members/:userId/role': {
    request: (o) =>
      json('PUT', `/api/groups/${o.groupId}/members/${o.groupMemberId}/role`, { role: 'ORGANISER' }),
    expect: ownerOnly(200),
  },
  'POST /api/groups/:id/invite': {
    request: (o) => ({ method: 'POST', url: `/api/groups/${o.groupId}/invite` }),
    expect: ownerOnly(200),
  },
  'DELETE /api/groups/:id/invite': {
    request: (o) => ({ method: 'DELETE', url: `/api/groups/${o.groupId}/invite` }),
    expect: ownerOnly(204),
  },
  'GET /api/groups/:id/progress': {
    request: (o) => ({ url: `/api/groups/${o.groupId}/progress` }),
    expect: ownerOnly(200),
  },
  'GET /api/groups/:id/activity': {
    request: (o) => ({ url: `/api/groups/${o.groupId}/activity` }),
    expect: ownerOnly(200),
  },
  // A person's groups for their profile: public ones (invite-only to co-members, groups.test.ts); nothing
  // across a block. Not readable by visitors, whatever PUBLIC_READING says.
  'GET /api/users/:id/groups': {
    request: (o) => ({ url: `/api/users/${o.userId}/groups` }),
    expect: signedIn(200),
  },
  'GET /api/groups/:id/posts': {
    request: (o) => ({ url: `/api/groups/${o.groupId}/posts` }),
    expect: ownerOnly(200),
  },
  'POST /api/groups/:id/posts': {
    request: (o) => json('POST', `/api/groups/${o.groupId}/posts`, { content: 'Hello group' }),
    expect: ownerOnly(201),
  },
  'DELETE /api/groups/:id/posts/:postId': {
    request: (o) => ({ method: 'DELETE', url: `/api/groups/${o.groupId}/posts/${o.groupPostId}` }),
    expect: ownerOnly(204),
  },
  // A scheduled post is its author's alone until its time: anyone else's is as good as missing.
  'GET /api/posts/scheduled': { request: () => ({ url: '/api/posts/scheduled' }), expect: signedIn(200) },
  'PATCH /api/posts/scheduled/:id': {
    request: (o) => json('PATCH', `/api/posts/scheduled/${o.scheduledPostId}`, { title: 'Later on' }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/posts/scheduled/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/posts/scheduled/${o.scheduledPostId}` }),
    expect: ownerOnly(204, 404),
  },
  // Drafts are their writer's own: anyone else's is as good as missing.
  'GET /api/drafts': { request: () => ({ url: '/api/drafts' }), expect: signedIn(200) },
  'POST /api/drafts': {
    request: () => json('POST', '/api/drafts', { kind: 'POST', fields: { title: 'Soon' } }),
    expect: signedIn(201),
  },
  'GET /api/drafts/plans/:planId': {
    request: (o) => ({ url: `/api/drafts/plans/${o.planId}` }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/drafts/:id': {
    request: (o) => ({ url: `/api/drafts/${o.draftId}` }),
    expect: ownerOnly(200, 404),
  },
  'PUT /api/drafts/:id': {
    request: (o) => json('PUT', `/api/drafts/${o.draftId}`, { kind: 'POST', fields: { title: 'Later' } }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/drafts/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/drafts/${o.draftId}` }),
    expect: ownerOnly(204, 404),
  },
  'POST /api/drafts/:id/publish': {
    request: (o) => form('POST', `/api/drafts/${o.draftId}/publish`, [postPart({ altTexts: [] })]),
    expect: ownerOnly(201, 404),
  },
  'GET /api/learning-plans/:planId/notes': {
    request: (o) => ({ url: `/api/learning-plans/${o.planId}/notes` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'PUT /api/learning-plans/:planId/topics/:topicId/note': {
    request: (o) =>
      json('PUT', `/api/learning-plans/${o.planId}/topics/${o.topicId}/note`, { content: 'Hm' }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'PUT /api/learning-plans/:planId/topics/:topicId/resources/:resourceId/note': {
    request: (o) =>
      json('PUT', `/api/learning-plans/${o.planId}/topics/${o.topicId}/resources/${o.resourceId}/note`, {
        content: 'Hm',
      }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'GET /api/notifications': { request: () => ({ url: '/api/notifications' }), expect: signedIn(200) },
  // A visitor has nothing to read: 0, so that clients polling it while signed out keep working.
  'GET /api/notifications/unread/count': {
    request: () => ({ url: '/api/notifications/unread/count' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  'GET /api/notifications/digest/unsubscribe': {
    // A link nobody was sent: the signed token, not the caller, is what is checked.
    request: () => ({ url: '/api/notifications/digest/unsubscribe?token=never-sent' }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  'POST /api/notifications/digest/unsubscribe': {
    // A link nobody was sent: the signed token, not the caller, is what is checked.
    request: () => ({
      method: 'POST',
      url: '/api/notifications/digest/unsubscribe?token=never-sent',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  'PATCH /api/notifications/read-all': {
    request: () => ({ method: 'PATCH', url: '/api/notifications/read-all' }),
    expect: signedIn(200),
  },
  // Someone else's notification is as good as missing.
  'PATCH /api/notifications/:id/read': {
    request: (o) => ({ method: 'PATCH', url: `/api/notifications/${o.notificationId}/read` }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/notifications/groups': {
    request: () => ({ url: '/api/notifications/groups' }),
    expect: signedIn(200),
  },
  // A group of someone else's notifications is as good as missing.
  'POST /api/notifications/groups/:key/read': {
    request: (o) => ({ method: 'POST', url: `/api/notifications/groups/n.${o.notificationId}/read` }),
    expect: ownerOnly(200, 404),
  },
  // Each caller reads and changes only their own preferences (a change that makes no notification less).
  'GET /api/notifications/preferences': {
    request: () => ({ url: '/api/notifications/preferences' }),
    expect: signedIn(200),
  },
  'PUT /api/notifications/preferences': {
    request: () => json('PUT', '/api/notifications/preferences', { digest: 'DAILY' }),
    expect: signedIn(200),
  },
  // Push devices are their owner's own: anyone else's is as good as missing.
  'GET /api/notifications/push/public-key': {
    request: () => ({ url: '/api/notifications/push/public-key' }),
    expect: signedIn(200),
  },
  'GET /api/notifications/push/subscriptions': {
    request: () => ({ url: '/api/notifications/push/subscriptions' }),
    expect: signedIn(200),
  },
  'POST /api/notifications/push/subscriptions': {
    request: () => json('POST', '/api/notifications/push/subscriptions', browserSubscription()),
    expect: signedIn(201),
  },
  'DELETE /api/notifications/push/subscriptions/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/notifications/push/subscriptions/${o.pushDeviceId}` }),
    expect: ownerOnly(204, 404),
  },
  'GET /api/notifications/stream': {
    request: () => ({ url: '/api/notifications/stream' }),
    expect: signedIn(200),
  },
  'GET /api/analytics': {
    request: () => ({ url: '/api/analytics?startDate=2025-01-01&endDate=2025-01-31' }),
    expect: signedIn(200),
  },
  'GET /api/search': { request: () => ({ url: '/api/search?query=rust' }), expect: signedIn(200) },
  // Saves are the caller's own: anyone signed in may save what they can see (another's private plan
  // is a 404, in saved.test.ts) and lists only their own saves.
  'GET /api/saved': { request: () => ({ url: '/api/saved' }), expect: signedIn(200) },
  'PUT /api/saved/posts/:id': {
    request: (o) => ({ method: 'PUT', url: `/api/saved/posts/${o.postId}` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'DELETE /api/saved/posts/:id': {
    request: (o) => ({ method: 'DELETE', url: `/api/saved/posts/${o.postId}` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'PUT /api/saved/learning-plans/:planId': {
    request: (o) => ({ method: 'PUT', url: `/api/saved/learning-plans/${o.planId}` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  'DELETE /api/saved/learning-plans/:planId': {
    request: (o) => ({ method: 'DELETE', url: `/api/saved/learning-plans/${o.planId}` }),
    expect: { ...signedIn(200), acrossBlock: 404 },
  },
  // A tag page is public content, filtered per viewer as the lists are (tags.test.ts); the editor's
  // suggestions and following a tag need an account.
  'GET /api/tags': { request: () => ({ url: '/api/tags?prefix=ru' }), expect: signedIn(200) },
  'GET /api/tags/:tag': { request: () => ({ url: '/api/tags/rust' }), expect: readable(200) },
  'GET /api/tags/:tag/posts': { request: () => ({ url: '/api/tags/rust/posts' }), expect: readable(200) },
  'GET /api/tags/:tag/plans': { request: () => ({ url: '/api/tags/rust/plans' }), expect: readable(200) },
  'POST /api/tags/:tag/follow': {
    request: () => ({ method: 'POST', url: '/api/tags/rust/follow' }),
    expect: signedIn(200),
  },
  'DELETE /api/tags/:tag/follow': {
    request: () => ({ method: 'DELETE', url: '/api/tags/rust/follow' }),
    expect: signedIn(200),
  },
  // The home page's Following tab and side column are about the caller only: no visitor sees them.
  'GET /api/explore': { request: () => ({ url: '/api/explore' }), expect: readable(200) },
  'GET /api/feed/following': { request: () => ({ url: '/api/feed/following' }), expect: signedIn(200) },
  'GET /api/feed/suggestions': { request: () => ({ url: '/api/feed/suggestions' }), expect: signedIn(200) },
  'GET /api/feed/plans-in-progress': {
    request: () => ({ url: '/api/feed/plans-in-progress' }),
    expect: signedIn(200),
  },
  // Anyone signed in reports what others made; only moderators read and close reports.
  'POST /api/reports': {
    request: (o) => json('POST', '/api/reports', { targetType: 'POST', targetId: o.postId, reason: 'SPAM' }),
    expect: { anonymous: 401, other: 201, owner: 400, moderator: 201, acrossBlock: 404 },
  },
  'GET /api/moderation/reports': {
    request: () => ({ url: '/api/moderation/reports' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
  },
  'POST /api/moderation/reports/:reportId/close': {
    request: (o) => json('POST', `/api/moderation/reports/${o.reportId}/close`, { outcome: 'DISMISSED' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
  },
  'GET /api/moderation/actions': {
    request: () => ({ url: '/api/moderation/actions' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
  },
  // Only moderators hide and unhide what others made, their own authors included.
  'POST /api/moderation/posts/:id/hide': {
    request: (o) => json('POST', `/api/moderation/posts/${o.postId}/hide`, { reason: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
  },
  // Not hidden (each row acts on things made afresh): a moderator is told so.
  'POST /api/moderation/posts/:id/unhide': {
    request: (o) => ({ method: 'POST', url: `/api/moderation/posts/${o.postId}/unhide` }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 409 },
  },
  'POST /api/moderation/comments/:id/hide': {
    request: (o) => json('POST', `/api/moderation/comments/${o.commentId}/hide`, { reason: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
  },
  // Not hidden (each row acts on things made afresh): a moderator is told so.
  'POST /api/moderation/comments/:id/unhide': {
    request: (o) => ({ method: 'POST', url: `/api/moderation/comments/${o.commentId}/unhide` }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 409 },
  },
  'POST /api/moderation/plans/:id/hide': {
    request: (o) => json('POST', `/api/moderation/plans/${o.planId}/hide`, { reason: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
  },
  // Not hidden (each row acts on things made afresh): a moderator is told so.
  'POST /api/moderation/plans/:id/unhide': {
    request: (o) => ({ method: 'POST', url: `/api/moderation/plans/${o.planId}/unhide` }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 409 },
  },
  'POST /api/moderation/group-posts/:id/remove': {
    request: (o) => json('POST', `/api/moderation/group-posts/${o.groupPostId}/remove`, { note: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
  },
  // Suspensions act on bystanders: suspending a caller would end the sessions later rows use.
  'POST /api/moderation/users/:userId/suspend': {
    request: () => json('POST', `/api/moderation/users/${bystander.user.id}/suspend`, { reason: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
    undo: () => ({ method: 'POST', url: `/api/moderation/users/${bystander.user.id}/unsuspend` }),
  },
  'POST /api/moderation/users/:userId/unsuspend': {
    request: () => ({ method: 'POST', url: `/api/moderation/users/${suspendedBystander.user.id}/unsuspend` }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
    undo: () =>
      json('POST', `/api/moderation/users/${suspendedBystander.user.id}/suspend`, { reason: 'Spam' }),
  },
  // Blocking servers is for moderators alone; "kept.example" stays blocked for the DELETE row.
  'GET /api/moderation/domain-blocks': {
    request: () => ({ url: '/api/moderation/domain-blocks' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
  },
  'GET /api/moderation/users/:userId/remote-followers': {
    request: (o) => ({ url: `/api/moderation/users/${o.userId}/remote-followers` }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 200 },
  },
  'POST /api/moderation/domain-blocks': {
    request: () =>
      json('POST', '/api/moderation/domain-blocks', { domain: 'matrix.example', reason: 'Spam' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 201 },
    undo: () => ({ method: 'DELETE', url: '/api/moderation/domain-blocks/matrix.example' }),
  },
  'DELETE /api/moderation/domain-blocks/:domain': {
    request: () => ({ method: 'DELETE', url: '/api/moderation/domain-blocks/kept.example' }),
    expect: { anonymous: 401, other: 403, owner: 403, moderator: 204 },
    undo: () => json('POST', '/api/moderation/domain-blocks', { domain: 'kept.example' }),
  },
};

/** An app with the accounts rows act as: what ownedThings needs. */
type Instance = { t: TestApp; owner: TestAccount; other: TestAccount };
const defaultInstance = (): Instance => ({ t, owner, other });

let t: TestApp;
let owner: TestAccount;
let other: TestAccount;
let moderator: TestAccount;
/** The owner blocked this one; this one blocked the owner. */
let blocked: TestAccount;
let blocker: TestAccount;
/** Never a caller: the moderator suspends one and unsuspends the other (suspended from the start). */
let bystander: TestAccount;
let suspendedBystander: TestAccount;
let baseUrl: string;

/**
 * The owner blocks "blocked" and "blocker" blocks the owner, again after a row that may have lifted either.
 */
async function keepBlocks() {
  for (const [account, target] of [
    [owner, blocked],
    [blocker, owner],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.user.id}/block`,
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
  }
}

/**
 * A block leaves the profile readable (to unblock from it), so refusing to edit or follow it tells
 * nothing that reading it does not.
 */
const PROFILE_ROUTES = ['PUT /api/users/:id', 'POST /api/users/:id/follow'];

/**
 * What either side of a block with the owner is answered: as declared, or else as "other", but a
 * change refused to "other" for not being the owner's is not found (a 403 would tell that it exists).
 */
function acrossBlockOf({ expect: declared }: Row): number {
  if (declared.acrossBlock !== undefined) return declared.acrossBlock;
  return declared.other === 403 && declared.owner !== 403 ? 404 : declared.other;
}

/** The owner's things on `on` (the default instance, or the one reading signed out), made afresh. */
async function ownedThings(on: Instance = defaultInstance()): Promise<Owned> {
  const { t, owner, other } = on;
  const as = (account: TestAccount, request: InjectOptions) =>
    t.app.inject({ ...request, headers: { ...request.headers, ...bearer(account.token) } });
  const post = await createPost(t, owner.token);
  const comment = (
    await as(owner, json('POST', `/api/posts/${post.id}/comments`, { content: 'Mine' }))
  ).json();
  const plan = (await as(owner, json('POST', '/api/learning-plans', planBody()))).json();
  await as(owner, json('PUT', `/api/learning-plans/${plan.id}/progress-share`, { shared: true }));
  await as(owner, json('PUT', '/api/users/me/privacy', { showLearningCalendar: true }));
  await as(other, { method: 'POST', url: `/api/posts/${post.id}/like` });
  const notifications = (await as(owner, { url: '/api/notifications' })).json();
  const note = (
    await as(
      owner,
      json('PUT', `/api/learning-plans/${plan.id}/topics/${plan.topics[0].id}/note`, { content: 'Mine' }),
    )
  ).json();
  const report = (
    await as(other, json('POST', '/api/reports', { targetType: 'POST', targetId: post.id, reason: 'SPAM' }))
  ).json();
  // Every row makes the owner's things afresh: earlier drafts go first, or the owner would reach the limit.
  await t.db.execute(sql`delete from drafts where user_id = ${owner.user.id}`);
  await t.db.execute(sql`delete from push_subscriptions where user_id = ${owner.user.id}`);
  const pushDevice = (
    await as(owner, json('POST', '/api/notifications/push/subscriptions', browserSubscription()))
  ).json();
  const draft = (
    await as(
      owner,
      json('POST', '/api/drafts', { kind: 'POST', fields: { ...validPost, altTexts: undefined } }),
    )
  ).json();
  // Changes to the owner's plan, not saved yet: only the owner finds them.
  await as(owner, json('POST', '/api/drafts', { kind: 'PLAN', planId: plan.id, fields: { title: 'Soon' } }));
  const publishAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  const scheduled = (
    await as(owner, form('POST', '/api/posts', [postPart({ ...validPost, title: 'Soon', publishAt })]))
  ).json();
  const group = (await as(owner, json('POST', '/api/groups', { planId: plan.id, name: 'Ours' }))).json();
  const member = await groupMemberOf(on);
  await as(member, json('POST', `/api/groups/${group.id}/members`, {}));
  const removed = await groupMemberOf(on, 'Removed member');
  await as(removed, json('POST', `/api/groups/${group.id}/members`, {}));
  await as(owner, { method: 'DELETE', url: `/api/groups/${group.id}/members/${removed.user.id}` });
  const groupPost = (
    await as(member, json('POST', `/api/groups/${group.id}/posts`, { content: 'Hello' }))
  ).json();
  const actorUri = `https://elsewhere.example/users/${randomUUID()}`;
  const [remoteFollower] = await t.db
    .insert(remoteFollowers)
    .values({
      userId: owner.user.id,
      actorUri,
      handle: '@fan@elsewhere.example',
      inboxUrl: `${actorUri}/inbox`,
    })
    .returning({ id: remoteFollowers.id });
  return {
    remoteFollowerId: remoteFollower!.id,
    groupId: group.id,
    groupMemberId: member.user.id,
    groupRemovedId: removed.user.id,
    groupPostId: groupPost.id,
    userId: owner.user.id,
    handle: owner.user.handle,
    postId: post.id,
    commentId: comment.id,
    planId: plan.id,
    topicId: plan.topics[0].id,
    resourceId: plan.topics[0].resources[0].id,
    notificationId: notifications.content[0].id,
    reportId: report.id,
    noteId: note.id,
    draftId: draft.id,
    scheduledPostId: scheduled.id,
    pushDeviceId: pushDevice.id,
  };
}

const groupMembers = new Map<TestApp, Map<string, Promise<TestAccount>>>();

/** Someone (no caller) who joins each of the owner's groups on `on`: signed up once per instance and name. */
function groupMemberOf(on: Instance, name = 'Group member'): Promise<TestAccount> {
  const named = groupMembers.get(on.t) ?? new Map<string, Promise<TestAccount>>();
  groupMembers.set(on.t, named);
  if (!named.has(name)) named.set(name, signUp(on.t, { name }));
  return named.get(name)!;
}

/** A browser's push subscription, on an https push service of its own (never sent to: nothing pushes). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.pathwise.test/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** The status a caller gets; a live stream is read over a real connection and closed once it answers. */
async function statusOf(row: Row, request: InjectOptions, account: TestAccount | null): Promise<number> {
  const headers = { ...request.headers, ...(account && bearer(account.token)) } as Record<string, string>;
  if (request.url === '/api/notifications/stream') {
    const aborter = new AbortController();
    const res = await fetch(`${baseUrl}${request.url}`, { headers, signal: aborter.signal });
    aborter.abort();
    return res.status;
  }
  const res = await t.app.inject({ ...request, headers });
  if (account && row.renewsToken && res.statusCode === 200) account.token = res.json().accessToken;
  return res.statusCode;
}

/**
 * The matrix's tests for every `parts`-th route from the `part`-th (1-based), each part a test file of its
 * own so that Vitest's workers share the routes; part 1 also checks the matrix as a whole.
 */
export function describeAuthorizationMatrix(part: number, parts: number) {
  const rows = Object.entries(MATRIX).filter((_, index) => index % parts === part - 1);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t, { name: 'Owner' });
    other = await signUp(t, { name: 'Other' });
    moderator = await signUp(t, { name: 'Moderator', email: MODERATOR_EMAIL });
    blocked = await signUp(t, { name: 'Blocked' });
    blocker = await signUp(t, { name: 'Blocker' });
    await keepBlocks();
    bystander = await signUp(t, { name: 'Bystander' });
    suspendedBystander = await signUp(t, { name: 'Suspended bystander' });
    const suspension = await t.app.inject({
      ...json('POST', `/api/moderation/users/${suspendedBystander.user.id}/suspend`, { reason: 'Spam' }),
      headers: bearer(moderator.token),
    });
    expect(suspension.statusCode).toBe(200);
    const kept = await t.app.inject({
      ...json('POST', '/api/moderation/domain-blocks', { domain: 'kept.example' }),
      headers: bearer(moderator.token),
    });
    expect(kept.statusCode).toBe(201);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  describe('the authorization matrix', () => {
    it.each(rows)('%s answers anonymous, other user and owner as declared', async (route, row) => {
      const responses: Record<Caller, number> = {
        anonymous: 0,
        other: 0,
        moderator: 0,
        blocked: 0,
        blocker: 0,
        owner: 0,
      };
      // The owner goes last: their call may delete what the others were refused.
      const callers: [Caller, TestAccount | null][] = [
        ['anonymous', null],
        ['other', other],
        ['moderator', moderator],
        ['blocked', blocked],
        ['blocker', blocker],
        ['owner', owner],
      ];
      // A read changes nothing the next caller meets, so its callers share one set of the owner's things;
      // a change may remove what it was refused to another caller, so each caller gets a fresh set.
      const shared = route.startsWith('GET ') ? await ownedThings() : null;
      for (const [caller, account] of callers) {
        const owned = shared ?? (await ownedThings());
        responses[caller] = await statusOf(row, row.request(owned), account);
        if (row.undo && account) await t.app.inject({ ...row.undo(owned), headers: bearer(account.token) });
        if (caller === 'blocked' || caller === 'blocker') await keepBlocks();
      }
      const { anonymous, other: asOther, owner: asOwner, moderator: asModerator = asOther } = row.expect;
      const acrossBlock = acrossBlockOf(row);
      expect(responses).toEqual({
        anonymous,
        other: asOther,
        moderator: asModerator,
        blocked: acrossBlock,
        blocker: acrossBlock,
        owner: asOwner,
      });
    });
  });

  if (part === 1) {
    describe('the matrix as a whole', () => {
      it('declares every route of the API and of the site', () => {
        const routes = t.app.routeTable
          .filter((route) => !route.url.startsWith('/api/docs'))
          .map((route) => `${route.method} ${route.url.replace(/(.)\/$/, '$1')}`);
        expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
        expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
      });

      it('never tells either side of a block that something it cannot see exists by refusing a change to it', () => {
        const telling = Object.entries(MATRIX).filter(
          ([route, row]) =>
            acrossBlockOf(row) === 403 && row.expect.owner !== 403 && !PROFILE_ROUTES.includes(route),
        );
        expect(telling.map(([route]) => route)).toEqual([]);
      });
    });

    describe('beyond who is asking', () => {
      it('answers 401 on every private route to a token claiming a version the account does not have', async () => {
        const ahead = await createTokenService(testConfig.jwtSecret, 3600).sign(owner.user.id, 1_000);
        const owned = await ownedThings();
        const responses = await Promise.all(
          Object.entries(MATRIX)
            .filter(([, row]) => row.expect.anonymous === 401)
            .map(async ([route, row]) => {
              const request = row.request(owned);
              const headers = { ...request.headers, ...bearer(ahead) } as Record<string, string>;
              if (request.url === '/api/notifications/stream') {
                return [route, (await fetch(`${baseUrl}${request.url}`, { headers })).status] as const;
              }
              return [route, (await t.app.inject({ ...request, headers })).statusCode] as const;
            }),
        );
        expect(responses.filter(([, status]) => status !== 401)).toEqual([]);
      });

      it("answers the owner 404 for their notification from someone they muted, as it answers anyone else's", async () => {
        const owned = await ownedThings();
        const as = (request: InjectOptions) => t.app.inject({ ...request, headers: bearer(owner.token) });
        expect((await as({ method: 'PUT', url: `/api/users/${other.user.id}/mute` })).statusCode).toBe(200);
        try {
          for (const row of [
            MATRIX['PATCH /api/notifications/:id/read']!,
            MATRIX['POST /api/notifications/groups/:key/read']!,
          ]) {
            expect((await as(row.request(owned))).statusCode).toBe(404);
          }
        } finally {
          await as({ method: 'DELETE', url: `/api/users/${other.user.id}/mute` });
        }
      });
    });
  }

  describe('the visitor column with PUBLIC_READING on', () => {
    let reading: Instance;
    beforeAll(async () => {
      const app = await createTestApp({ config: { publicReading: true } });
      const readingOwner = await signUp(app, { name: 'Owner' });
      reading = { t: app, owner: readingOwner, other: await signUp(app, { name: 'Other' }) };
      const shown = await app.app.inject({
        ...json('PUT', '/api/users/me/privacy', { showProfileToVisitors: true }),
        headers: bearer(readingOwner.token),
      });
      expect(shown.statusCode).toBe(200);
    });
    afterAll(() => reading.t.close());

    it.each(rows)('%s answers a visitor as declared', async (_, row) => {
      const owned = await ownedThings(reading);
      const request = row.request(owned);
      // The live stream is private whatever the setting: no need for a real connection to see its 401.
      const res = await reading.t.app.inject({ ...request, headers: request.headers });
      expect(res.statusCode).toBe(row.expect.visitor ?? row.expect.anonymous);
    });
  });
}
