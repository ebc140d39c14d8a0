import { ACCOUNT_EXPORT_FILE_NAME, ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/tokens.js';
import { repairCounters } from '../src/modules/counters/counters.queries.js';
import { insertAccount } from '../src/modules/users/accounts.service.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { multipart, type Part } from './helpers/multipart.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, fixture, keyOf } from './helpers/posts.js';
import { addComment, callAs, follow, toggleLike } from './helpers/social.js';
import { readZip } from './helpers/zip.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (account: TestAccount, url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(account.token) } });
};
const exportOf = (account: TestAccount) => callAs(t, account, { url: '/api/account/export' });
const deleteAccount = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(token), payload });
const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

/**
 * `who` with a picture, a post with a photo, a plan with a PDF, progress on it, a comment, a like and a
 * save of `other`'s post, and a follow each way; `other` likes and comments on `who`'s post.
 */
async function busyAccount(who: TestAccount, other: TestAccount) {
  const picture = await upload(who, '/api/users/profile-picture', [
    { name: 'file', filename: 'me.png', contentType: 'image/png', data: fixture('small.png') },
  ]);
  expect(picture.statusCode).toBe(200);
  const post = await createPost(t, who.token, { title: 'My photo post' }, [filePart('photo.jpg')]);
  const plan = await createPlan(t, who.token, {
    title: 'My plan',
    topics: [{ title: 'Reading', resources: [{ title: 'Slides', type: 'PDF' }] }],
  });
  const topic = plan.topics[0]!;
  const pdf = await upload(who, `/api/learning-plans/${plan.id}/topics/${topic.id}/resources/upload`, [
    { name: 'resourceId', data: String(topic.resources[0]!.id) },
    { name: 'file', filename: 'slides.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') },
  ]);
  expect(pdf.statusCode).toBe(200);
  const progress = await callAs(t, who, {
    method: 'PATCH',
    url: `/api/learning-plans/${plan.id}/topics/${topic.id}/user-progress?status=IN_PROGRESS`,
  });
  expect(progress.statusCode).toBe(200);
  const othersPost = await createPost(t, other.token, { title: "Other's post" });
  const mine = await addComment(t, who, othersPost.id, 'A comment of mine');
  const othersComment = await addComment(t, other, othersPost.id, 'A comment of theirs');
  const liked = await callAs(t, who, { method: 'POST', url: `/api/comments/${othersComment.id}/like` });
  expect(liked.statusCode).toBe(200);
  const reply = await callAs(t, who, {
    method: 'POST',
    url: `/api/posts/${othersPost.id}/comments`,
    payload: { content: 'A reply of mine', parentCommentId: othersComment.id },
  });
  expect(reply.statusCode).toBe(201);
  expect((await toggleLike(t, who, othersPost.id)).statusCode).toBe(200);
  expect((await callAs(t, who, { method: 'PUT', url: `/api/saved/posts/${othersPost.id}` })).statusCode).toBe(
    200,
  );
  expect((await follow(t, who, other)).statusCode).toBe(200);
  expect((await follow(t, other, who)).statusCode).toBe(200);
  const preferences = await callAs(t, who, {
    method: 'PUT',
    url: '/api/notifications/preferences',
    payload: { digest: 'DAILY', types: { FOLLOW: { email: false } } },
  });
  expect(preferences.statusCode).toBe(200);
  expect((await toggleLike(t, other, post.id)).statusCode).toBe(200);
  await addComment(t, other, post.id, 'Nice photo');
  const draft = await callAs(t, who, {
    method: 'POST',
    url: '/api/drafts',
    payload: { kind: 'POST', fields: { title: 'Half a thought', content: 'Still writing' } },
  });
  expect(draft.statusCode).toBe(201);
  return {
    post,
    plan,
    othersPost,
    myComment: mine,
    othersComment,
    pictureKey: keyOf(picture.json().fileUrl),
    photoKey: keyOf(post.media[0]!.fileUrl),
    pdfKey: keyOf(pdf.json().fileUrl),
  };
}

describe('GET /api/account/export', () => {
  it('answers a ZIP of JSON of everything the person made, and their files byte for byte', async () => {
    const ann = await signUp(t, { name: 'Ann Export', email: 'ann.export@example.com' });
    const bob = await signUp(t, { name: 'Bob Export' });
    const made = await busyAccount(ann, bob);

    const res = await exportOf(ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`);
    const entries = readZip(res.rawPayload);

    expect(json(entries, 'profile.json')).toMatchObject({
      name: 'Ann Export',
      email: 'ann.export@example.com',
      profilePicture: `media/${made.pictureKey}`,
      followersCount: 1,
      followingCount: 1,
    });
    const [post] = json(entries, 'posts.json');
    expect(post).toMatchObject({ title: 'My photo post', likesCount: 1, commentsCount: 1 });
    expect(post.media).toEqual([expect.objectContaining({ type: 'IMAGE', file: `media/${made.photoKey}` })]);
    const [plan] = json(entries, 'learning-plans.json');
    expect(plan.title).toBe('My plan');
    expect(plan.topics[0].resources[0]).toMatchObject({ title: 'Slides', file: `media/${made.pdfKey}` });
    expect(json(entries, 'progress.json').topics).toEqual([
      expect.objectContaining({ planId: made.plan.id, topicTitle: 'Reading', status: 'IN_PROGRESS' }),
    ]);
    expect(json(entries, 'comments.json')).toEqual([
      expect.objectContaining({
        id: made.myComment.id,
        postId: made.othersPost.id,
        parentCommentId: null,
        content: 'A comment of mine',
      }),
      expect.objectContaining({ parentCommentId: made.othersComment.id, content: 'A reply of mine' }),
    ]);
    expect(json(entries, 'comment-likes.json')).toEqual([
      expect.objectContaining({
        commentId: made.othersComment.id,
        postId: made.othersPost.id,
        postTitle: "Other's post",
      }),
    ]);
    expect(json(entries, 'likes.json')).toEqual([
      expect.objectContaining({ postId: made.othersPost.id, postTitle: "Other's post" }),
    ]);
    expect(json(entries, 'saved.json').posts).toEqual([
      expect.objectContaining({ postId: made.othersPost.id }),
    ]);
    const follows = json(entries, 'follows.json');
    expect(follows.following.map((u: { id: number }) => u.id)).toEqual([bob.user.id]);
    expect(follows.followers.map((u: { id: number }) => u.id)).toEqual([bob.user.id]);
    expect(
      json(entries, 'notifications.json')
        .map((n: { type: string }) => n.type)
        .sort(),
    ).toEqual(['COMMENT', 'FOLLOW', 'LIKE']);
    // The preferences as they apply: what Ann chose over the defaults.
    const preferences = json(entries, 'notification-preferences.json');
    expect(preferences).toMatchObject({ digest: 'DAILY', fromPeopleYouDontFollow: 'ALLOW' });
    expect(preferences.types.FOLLOW).toEqual({ inApp: true, push: false, email: false });
    expect(preferences.types.COMMENT).toEqual({ inApp: true, push: true, email: true });
    expect(json(entries, 'drafts.json')).toEqual([
      expect.objectContaining({
        kind: 'POST',
        fields: { title: 'Half a thought', content: 'Still writing' },
      }),
    ]);

    const served = await t.app.inject({ url: `/api/media/${made.photoKey}` });
    expect(entries.get(`media/${made.photoKey}`)!.equals(served.rawPayload)).toBe(true);
    expect(entries.get(`media/${made.pdfKey}`)!.equals(fixture('doc.pdf'))).toBe(true);
    expect(entries.has(`media/${made.pictureKey}`)).toBe(true);
  });

  it('holds their notes, the people they blocked and muted, and the reports they filed', async () => {
    const [gil, hal, ivy] = await Promise.all([
      signUp(t),
      signUp(t, { name: 'Hal' }),
      signUp(t, { name: 'Ivy' }),
    ]);
    const plan = await createPlan(t, gil.token, {
      title: 'Noted plan',
      topics: [
        { title: 'Basics', resources: [{ title: 'Intro', type: 'ARTICLE', url: 'https://example.com' }] },
      ],
    });
    const topic = plan.topics[0]!;
    const topicPath = `/api/learning-plans/${plan.id}/topics/${topic.id}`;
    const put = (account: TestAccount, url: string, payload?: object) =>
      callAs(t, account, { method: 'PUT', url, ...(payload && { payload }) });
    expect((await put(gil, `${topicPath}/note`, { content: 'Topic *note*' })).statusCode).toBe(200);
    expect(
      (await put(gil, `${topicPath}/resources/${topic.resources[0]!.id}/note`, { content: 'Resource note' }))
        .statusCode,
    ).toBe(200);
    expect((await put(gil, `/api/users/${hal.user.id}/block`)).statusCode).toBe(200);
    expect((await put(gil, `/api/users/${ivy.user.id}/mute`)).statusCode).toBe(200);
    const ivysPost = await createPost(t, ivy.token, { title: 'Spammy' });
    const fileReport = (account: TestAccount, payload: object) =>
      callAs(t, account, { method: 'POST', url: '/api/reports', payload });
    const filed = await fileReport(gil, {
      targetType: 'POST',
      targetId: ivysPost.id,
      reason: 'SPAM',
      details: 'Ads',
    });
    expect(filed.statusCode).toBe(201);
    // What others did about Gil is theirs, not Gil's.
    expect((await put(ivy, `/api/users/${gil.user.id}/block`)).statusCode).toBe(200);
    expect(
      (await fileReport(hal, { targetType: 'USER', targetId: gil.user.id, reason: 'SPAM' })).statusCode,
    ).toBe(201);

    const entries = readZip((await exportOf(gil)).rawPayload);

    expect(json(entries, 'notes.json')).toEqual([
      expect.objectContaining({
        planTitle: 'Noted plan',
        topicTitle: 'Basics',
        resourceId: null,
        content: 'Topic *note*',
      }),
      expect.objectContaining({ topicId: topic.id, resourceTitle: 'Intro', content: 'Resource note' }),
    ]);
    const restrictions = json(entries, 'blocks-and-mutes.json');
    expect(restrictions.blocked).toEqual([
      { id: hal.user.id, name: 'Hal', handle: hal.user.handle, since: expect.any(String) },
    ]);
    expect(restrictions.muted).toEqual([expect.objectContaining({ id: ivy.user.id, name: 'Ivy' })]);
    expect(json(entries, 'reports.json')).toEqual([
      {
        id: filed.json().id,
        targetType: 'POST',
        postId: ivysPost.id,
        commentId: null,
        planId: null,
        reportedUserId: null,
        groupId: null,
        groupPostId: null,
        reason: 'SPAM',
        details: 'Ads',
        status: 'OPEN',
        createdAt: expect.any(String),
        closedAt: null,
      },
    ]);
    const ivys = readZip((await exportOf(ivy)).rawPayload);
    expect(json(ivys, 'blocks-and-mutes.json')).toEqual({
      blocked: [expect.objectContaining({ id: gil.user.id })],
      muted: [],
    });
    expect(json(ivys, 'reports.json')).toEqual([]);
  });

  it('costs the same number of statements however much the person made', async () => {
    const few = await signUp(t);
    const many = await signUp(t);
    const other = await signUp(t);
    await createPost(t, few.token);
    for (let i = 0; i < 4; i++) {
      const post = await createPost(t, many.token, {}, [filePart('small.png')]);
      await addComment(t, many, post.id, `comment ${i}`);
      await createPlan(t, many.token);
      await toggleLike(t, other, post.id);
    }
    const cost = async (account: TestAccount) => {
      const { result, statements } = await t.queries.count(() => exportOf(account));
      expect(result.statusCode).toBe(200);
      return statements;
    };
    expect(await cost(many)).toBe(await cost(few));
  });

  it('is limited to a few exports a minute per person, then a 429 with a message', async () => {
    const cy = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await exportOf(cy)).statusCode).toBe(200);
    const refused = await exportOf(cy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.tooManyExports);
    expect((await exportOf(await signUp(t))).statusCode).toBe(200);
  });
});

describe('POST /api/account/delete', () => {
  it("removes the person and all that is theirs, files included, and keeps others' counts exact", async () => {
    const dee = await signUp(t, { email: 'dee.leaving@example.com' });
    const eli = await signUp(t, { name: 'Eli' });
    const fay = await signUp(t, { name: 'Fay' });
    const made = await busyAccount(dee, eli);
    expect((await follow(t, dee, fay)).statusCode).toBe(200);
    await addComment(t, dee, made.othersPost.id, 'a second comment');
    expect(
      (await callAs(t, eli, { method: 'PUT', url: `/api/saved/posts/${made.post.id}` })).statusCode,
    ).toBe(200);

    const res = await deleteAccount(dee.token, { password: dee.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.accountDeleted);

    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(dee.token) });
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dee.leaving@example.com', password: dee.password },
    });
    expect(signIn.statusCode).toBe(400);

    const othersPost = (await callAs(t, eli, { url: `/api/posts/${made.othersPost.id}` })).json();
    // Their comment and their reply went; the comment they replied to, the other's, stays.
    expect(othersPost).toMatchObject({ likesCount: 0, commentsCount: 1 });
    const [othersThread] = (await callAs(t, eli, { url: `/api/posts/${made.othersPost.id}/comments` })).json()
      .content;
    expect(othersThread).toMatchObject({ id: made.othersComment.id, replyCount: 0, likesCount: 0 });
    expect((await callAs(t, eli, { url: `/api/users/${eli.user.id}` })).json()).toMatchObject({
      followersCount: 0,
      followingCount: 0,
    });
    expect((await callAs(t, fay, { url: `/api/users/${fay.user.id}` })).json().followersCount).toBe(0);
    expect(await repairCounters(t.db)).toEqual({
      posts: 0,
      users: 0,
      plans: 0,
      rowCounts: 0,
      notificationCounts: 0,
    });

    expect((await callAs(t, eli, { url: `/api/posts/${made.post.id}` })).statusCode).toBe(404);
    expect((await callAs(t, eli, { url: `/api/learning-plans/${made.plan.id}` })).statusCode).toBe(404);
    expect((await callAs(t, eli, { url: '/api/saved' })).json().content).toEqual([]);
    for (const key of [made.pictureKey, made.photoKey, made.pdfKey]) {
      expect((await t.app.inject({ url: `/api/media/${key}` })).statusCode).toBe(404);
    }
    const left = (await t.db.execute(sql`
      select (select count(*) from posts where author_id = ${dee.user.id})
        + (select count(*) from comments where author_id = ${dee.user.id})
        + (select count(*) from post_likes where user_id = ${dee.user.id})
        + (select count(*) from follows where follower_id = ${dee.user.id} or followed_id = ${dee.user.id})
        + (select count(*) from learning_plans where creator_id = ${dee.user.id})
        + (select count(*) from topic_progress where user_id = ${dee.user.id})
        + (select count(*) from notifications where recipient_id = ${dee.user.id}
            or actor_id = ${dee.user.id})
        + (select count(*) from saved_posts where user_id = ${dee.user.id})
        + (select count(*) from activities where user_id = ${dee.user.id})
        + (select count(*) from notification_preferences where user_id = ${dee.user.id})
        + (select count(*) from drafts where user_id = ${dee.user.id})
        + (select count(*) from users where id = ${dee.user.id}) as n`)) as unknown as {
      rows: { n: number | string }[];
    };
    expect(Number(left.rows[0]!.n)).toBe(0);

    // The address is free again.
    await signUp(t, { email: 'dee.leaving@example.com' });
  });

  it('asks for the password, and changes nothing when it is missing or wrong', async () => {
    const gus = await signUp(t);
    const missing = await deleteAccount(gus.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'password', message: AUTH_MESSAGES.currentPasswordRequired },
    ]);
    const wrong = await deleteAccount(gus.token, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: AUTH_MESSAGES.currentPasswordWrong }]);
    const typedEmail = await deleteAccount(gus.token, { email: gus.user.email });
    expect(typedEmail.statusCode).toBe(400);
    for (const payload of [{ password: 42 }, { password: 'x'.repeat(1000) }, { email: ['a'] }]) {
      const bad = await deleteAccount(gus.token, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(gus.token) })).statusCode).toBe(200);
  });

  it('lets an account made by social sign-in confirm by typing its address', async () => {
    const row = await insertAccount(t.db, { name: 'Hal', email: 'hal.social@example.com' });
    const token = await createTokenService(testConfig.jwtSecret, 3600).sign(row.id, 0);
    const mistyped = await deleteAccount(token, { email: 'hal.social@example.org' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().errors).toEqual([{ field: 'email', message: ACCOUNT_MESSAGES.emailMismatch }]);
    expect((await deleteAccount(token, {})).statusCode).toBe(400);
    expect((await deleteAccount(token, { email: ' HAL.social@example.com ' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});
