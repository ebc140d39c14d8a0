import {
  FEDERATION_MESSAGES,
  type Notification,
  type Page,
  type PostMedia,
  REMOTE_FOLLOW_MESSAGES,
} from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import {
  AP,
  eventually,
  followElsewhere,
  get,
  type Instance,
  json,
  logged,
  MODERATOR,
  showToVisitors,
  startInstance,
} from './helpers/federation.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, postPart, sendPost, validPost } from './helpers/posts.js';

// Two Pathwise servers started from the sources, each with FEDERATION=true and its own database, one
// known as 127.0.0.1 and one as localhost: two hosts to each other. Bob on B follows Ann on A, A
// accepts, Ann posts and B's inbox receives it, every step over signed HTTP through Fedify's queue.

let a: Instance;
let b: Instance;
let ann: TestAccount;
let bob: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  [a, b] = await Promise.all([startInstance('127.0.0.1'), startInstance('localhost')]);
  [ann, bob] = await Promise.all([signUp(a.api, { name: 'Ann Federated' }), signUp(b.api, { name: 'Bob' })]);
  moderator = await signUp(a.api, { email: MODERATOR });
}, 200_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => instance.cleanup()));
});

describe('a person as an ActivityPub actor', () => {
  it('is not found until they show their profile to visitors', async () => {
    const resource = `acct:${ann.user.handle}@${new URL(a.origin).host}`;
    const hidden = await get(
      `${a.origin}/.well-known/webfinger?resource=${resource}`,
      'application/jrd+json',
    );
    expect(hidden.status).toBe(404);
    const actor = await get(`${a.origin}/ap/users/${ann.user.id}`);
    expect(actor.status).toBe(404);
    expect((await json(actor)).message).toBe(FEDERATION_MESSAGES.notFound);

    expect((await showToVisitors(a, ann)).statusCode).toBe(200);
    const found = await get(`${a.origin}/.well-known/webfinger?resource=${resource}`, 'application/jrd+json');
    expect(found.status).toBe(200);
    const links = (await json(found)).links as { rel: string; type?: string; href: string }[];
    expect(links).toContainEqual(
      expect.objectContaining({ rel: 'self', type: AP, href: `${a.origin}/ap/users/${ann.user.id}` }),
    );
  });

  it('is a Person with a key, the profile page, an inbox and collections', async () => {
    const response = await get(`${a.origin}/ap/users/${ann.user.id}`);
    expect(response.status).toBe(200);
    const person = await json(response);
    expect(person).toMatchObject({
      type: 'Person',
      preferredUsername: ann.user.handle,
      name: 'Ann Federated',
      url: `${a.origin}/@${ann.user.handle}`,
      inbox: `${a.origin}/ap/users/${ann.user.id}/inbox`,
      outbox: `${a.origin}/ap/users/${ann.user.id}/outbox`,
      followers: `${a.origin}/ap/users/${ann.user.id}/followers`,
      endpoints: { sharedInbox: `${a.origin}/ap/inbox` },
    });
    expect(person.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    // The key pair is kept: a second read shows the same key.
    const again = await json(await get(`${a.origin}/ap/users/${ann.user.id}`));
    expect(again.publicKey.publicKeyPem).toBe(person.publicKey.publicKeyPem);
  });

  it('refuses an activity without a signature', async () => {
    const response = await fetch(`${a.origin}/ap/users/${ann.user.id}/inbox`, {
      method: 'POST',
      headers: { 'content-type': AP },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${b.origin}/forged-follow`,
        type: 'Follow',
        actor: `${b.origin}/ap/users/${bob.user.id}`,
        object: `${a.origin}/ap/users/${ann.user.id}`,
      }),
    });
    expect(response.status).toBe(401);
  });
});

describe('following across servers', () => {
  it('refuses to follow from a profile other servers cannot see', async () => {
    const res = await b.api.app.inject({
      method: 'POST',
      url: '/api/federation/follows',
      headers: bearer(bob.token),
      payload: { account: `${a.origin}/@${ann.user.handle}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REMOTE_FOLLOW_MESSAGES.profileNotShown);
  });

  it('sends a Follow that A accepts, and A tells Ann', async () => {
    expect((await showToVisitors(b, bob)).statusCode).toBe(200);
    const res = await followElsewhere(b, bob, `${a.origin}/@${ann.user.handle}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      actor: `${a.origin}/ap/users/${ann.user.id}`,
      account: { followState: 'PENDING' },
    });

    const bobHandle = `@${bob.user.handle}@${new URL(b.origin).host}`;
    const notice = await eventually('Ann to be told of her new follower', async () => {
      const page = (
        await a.api.app.inject({ url: '/api/notifications', headers: bearer(ann.token) })
      ).json() as Page<Notification>;
      return page.content.find((item) => item.type === 'FOLLOW');
    });
    expect(notice.message).toBe(`${bobHandle} started following you`);
    await eventually('B to hear that A accepted', async () =>
      logged(b, 'a follow was accepted').find((line) => line.actor === `${a.origin}/ap/users/${ann.user.id}`),
    );
    const followers = await json(await get(`${a.origin}/ap/users/${ann.user.id}/followers`));
    expect(followers.totalItems).toBe(1);
  });

  it("delivers Ann's new post to B's inbox as an Article", async () => {
    const post = await createPost(a.api, ann.token, {
      title: 'Federated notes',
      content: 'Some **bold** words <script>alert(1)</script>',
      tags: ['typescript'],
    });
    const articleId = `${a.origin}/ap/posts/${post.id}`;
    await eventually("the post to reach B's inbox", async () =>
      logged(b, 'a post arrived').find((line) => line.object === articleId),
    );

    const article = await json(await get(articleId));
    expect(article).toMatchObject({
      type: 'Article',
      name: 'Federated notes',
      url: `${a.origin}/post/${post.id}`,
      attributedTo: `${a.origin}/ap/users/${ann.user.id}`,
      tag: { type: 'Hashtag', name: '#typescript', href: `${a.origin}/tags/typescript` },
    });
    expect(article.content).toContain('<strong>bold</strong>');
    expect(article.content).not.toContain('<script>');
  });
});

describe("Ann's edits and deletions", () => {
  const articleIdOf = (post: { id: number }) => `${a.origin}/ap/posts/${post.id}`;
  const arrived = (msg: string, articleId: string) =>
    eventually(`"${msg}" at B for ${articleId}`, async () =>
      logged(b, msg).find((line) => line.object === articleId),
    );

  it('sends an edit as an Update of the Article and a deletion as a Delete', async () => {
    const post = await createPost(a.api, ann.token, { title: 'Draft thoughts' });
    const articleId = articleIdOf(post);
    await arrived('a post arrived', articleId);

    const edited = await sendPost(a.api, ann.token, [postPart({ ...validPost, title: 'Better thoughts' })], {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await arrived('a post was updated', articleId);
    expect((await json(await get(articleId))).name).toBe('Better thoughts');

    const deleted = await a.api.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    await arrived('a post was deleted', articleId);
    expect((await get(articleId)).status).toBe(404);
  });

  it('sends a Delete when a moderator hides a post', async () => {
    const post = await createPost(a.api, ann.token, { title: 'Against the rules' });
    const articleId = articleIdOf(post);
    await arrived('a post arrived', articleId);
    const hidden = await a.api.app.inject({
      method: 'POST',
      url: `/api/moderation/posts/${post.id}/hide`,
      headers: bearer(moderator.token),
      payload: { reason: 'Spam' },
    });
    expect(hidden.statusCode).toBe(204);
    await arrived('a post was deleted', articleId);
    expect((await get(articleId)).status).toBe(404);
  });

  it('sends a Delete when a moderator hides a public plan', async () => {
    const plan = await createPlan(a.api, ann.token, { title: 'A plan against the rules' });
    const articleId = `${a.origin}/ap/plans/${plan.id}`;
    await arrived('a post arrived', articleId);
    const hidden = await a.api.app.inject({
      method: 'POST',
      url: `/api/moderation/plans/${plan.id}/hide`,
      headers: bearer(moderator.token),
      payload: { reason: 'Spam' },
    });
    expect(hidden.statusCode).toBe(204);
    await arrived('a post was deleted', articleId);
    expect((await get(articleId)).status).toBe(404);
  });

  it('sends nothing about a post others could not read', async () => {
    const post = await createPost(a.api, ann.token, { title: 'Hidden then deleted' });
    const articleId = articleIdOf(post);
    await arrived('a post arrived', articleId);
    await a.api.app.inject({
      method: 'POST',
      url: `/api/moderation/posts/${post.id}/hide`,
      headers: bearer(moderator.token),
      payload: { reason: 'Spam' },
    });
    await arrived('a post was deleted', articleId);
    const edited = await sendPost(a.api, ann.token, [postPart({ ...validPost, title: 'Still hidden' })], {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
    });
    expect(edited.statusCode).toBe(200);
    const deleted = await a.api.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    // A later public post arrives; by then the edit and deletion of the hidden one would have too.
    const later = await createPost(a.api, ann.token, { title: 'A later post' });
    await arrived('a post arrived', articleIdOf(later));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(logged(b, 'a post was updated').filter((line) => line.object === articleId)).toEqual([]);
    expect(logged(b, 'a post was deleted').filter((line) => line.object === articleId)).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it("pages Ann's public posts, newest first", async () => {
    await createPost(a.api, ann.token, { title: 'Second' });
    const outbox = await json(await get(`${a.origin}/ap/users/${ann.user.id}/outbox`));
    // Of the earlier ones, only 'A later post' is still there: the others were deleted or hidden.
    expect(outbox.totalItems).toBe(3);
    const first = await json(await get(outbox.first));
    expect(first.orderedItems.map((item: { object: { name: string } }) => item.object.name)).toEqual([
      'Second',
      'A later post',
      'Federated notes',
    ]);
    expect(first.next).toBeUndefined();
  });
});

describe('media', () => {
  it('are attachments of the Article and of its Create in the outbox, in order, with their alt text', async () => {
    const post = await createPost(a.api, ann.token, { title: 'With media', altTexts: ['A whiteboard', ''] }, [
      filePart('small.png'),
      filePart('short.mp4'),
    ]);
    const [image, video] = post.media;
    // Dimensions are given when known (a video's need ffprobe, which a test machine may lack).
    const size = (media: PostMedia) =>
      media.width === null ? {} : { width: media.width, height: media.height };
    const article = await json(await get(`${a.origin}/ap/posts/${post.id}`));
    expect(article.attachment).toEqual([
      {
        type: 'Image',
        mediaType: 'image/png',
        url: new URL(image!.fileUrl, a.origin).href,
        name: 'A whiteboard',
        ...size(image!),
      },
      // No alt text, no name.
      {
        type: 'Video',
        mediaType: 'video/mp4',
        url: new URL(video!.fileUrl, a.origin).href,
        ...size(video!),
      },
    ]);
    for (const attachment of article.attachment) expect((await fetch(attachment.url)).status).toBe(200);
    const outbox = await json(await get(`${a.origin}/ap/users/${ann.user.id}/outbox`));
    const first = await json(await get(outbox.first));
    expect(first.orderedItems[0].object.attachment).toEqual(article.attachment);
  });
});

describe('accounts that are gone', () => {
  it('answers 410 for a suspended account and for a deleted one', async () => {
    const suspend = await a.api.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${ann.user.id}/suspend`,
      headers: bearer(moderator.token),
      payload: { reason: 'Testing federation' },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await get(`${a.origin}/ap/users/${ann.user.id}`)).status).toBe(410);

    const cat = await signUp(a.api, { name: 'Cat' });
    await showToVisitors(a, cat);
    expect((await get(`${a.origin}/ap/users/${cat.user.id}`)).status).toBe(200);
    const deleted = await a.api.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(cat.token),
      payload: { password: cat.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`${a.origin}/ap/users/${cat.user.id}`)).status).toBe(410);
  });
});
