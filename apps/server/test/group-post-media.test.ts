import { GROUP_MESSAGES, type GroupPost, MEDIA_MESSAGES } from '@pathwise/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import { MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { startGroup } from './helpers/groups.js';
import type { Part } from './helpers/multipart.js';
import { createPlan } from './helpers/plans.js';
import { filePart, filesIn, fixture, postPart, sendPost } from './helpers/posts.js';
import { callAs } from './helpers/social.js';
import { readZip } from './helpers/zip.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

/** A JPEG as a phone writes it: camera and GPS position in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#2050c0' } })
    .withExif({ IFD0: { Make: 'Snoopcam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' } })
    .jpeg()
    .toBuffer();

const postWithFiles = (account: TestAccount | null, group: { id: number }, parts: Part[]) =>
  sendPost(t, account?.token ?? null, parts, { method: 'POST', url: `/api/groups/${group.id}/posts` });

const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
const download = (url: string) => t.app.inject({ url: pathOf(url) });

async function groupWithBob() {
  const group = await startGroup(t, ann, await createPlan(t, ann.token));
  const joined = await callAs(t, bob, {
    method: 'POST',
    url: `/api/groups/${group.id}/members`,
    payload: {},
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return group;
}

describe('images and videos in a group’s discussion', () => {
  it('stores a member’s photo without its metadata, described, and shows it to members', async () => {
    const group = await groupWithBob();
    const res = await postWithFiles(ann, group, [
      postPart({ content: 'Our whiteboard after week 1', altTexts: ['A whiteboard of borrow rules'] }),
      filePart('photo.jpg', await phonePhoto()),
      filePart('short.mp4'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const made: GroupPost = res.json();
    expect(made.media.map(({ type, altText }) => ({ type, altText }))).toEqual([
      { type: 'IMAGE', altText: 'A whiteboard of borrow rules' },
      { type: 'VIDEO', altText: '' },
    ]);
    expect(made.media[0]).toMatchObject({ width: 40, height: 20 });
    expect(made.media[0]!.thumbnailUrl).not.toBeNull();

    const stored = await download(made.media[0]!.fileUrl);
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('Snoopcam'))).toBe(false);

    const reply = await postWithFiles(bob, group, [
      postPart({ content: 'Mine', replyToId: made.id }),
      filePart('small.png'),
    ]);
    expect(reply.statusCode, reply.body).toBe(201);
    const page = (await callAs(t, bob, { url: `/api/groups/${group.id}/posts` })).json();
    expect(page.content[0].media.map((m: { id: number }) => m.id)).toEqual(made.media.map((m) => m.id));
    expect(page.content[0].replies[0].media).toHaveLength(1);
    expect(page.content[0].replies[0].media[0].type).toBe('IMAGE');
  });

  it('reads a page with media on every post in one statement', async () => {
    const group = await groupWithBob();
    await postWithFiles(ann, group, [postPart({ content: 'One' }), filePart('small.png')]);
    const one = await t.queries.count(() => callAs(t, bob, { url: `/api/groups/${group.id}/posts` }));
    expect(one.statements).toBe(1);
    for (const name of ['tiny.gif', 'tiny.webp', 'small.png']) {
      const res = await postWithFiles(bob, group, [postPart({ content: name }), filePart(name)]);
      expect(res.statusCode, res.body).toBe(201);
    }
    const many = await t.queries.count(() => callAs(t, bob, { url: `/api/groups/${group.id}/posts` }));
    expect(many.statements).toBe(1);
    const posts: GroupPost[] = many.result.json().content;
    expect(posts.map((post) => post.media.length)).toEqual([1, 1, 1, 1]);
  });

  it('stores nothing for someone outside the group, nor for a refused file or body', async () => {
    const group = await groupWithBob();
    const before = filesIn(t, 'media');
    const stranger = await signUp(t, { name: 'Outsider' });
    const outsider = await postWithFiles(stranger, group, [
      postPart({ content: 'Hi' }),
      filePart('small.png'),
    ]);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(GROUP_MESSAGES.notAMember);
    expect((await postWithFiles(null, group, [postPart({ content: 'Hi' })])).statusCode).toBe(401);

    const pdf = await postWithFiles(bob, group, [
      postPart({ content: 'Slides' }),
      { name: 'files', filename: 'doc.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') },
    ]);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MEDIA_MESSAGES.badType);
    const noPost = await postWithFiles(bob, group, [filePart('small.png')]);
    expect(noPost.statusCode).toBe(400);
    expect(noPost.json().message).toBe(GROUP_MESSAGES.postPartMissing);
    const blank = await postWithFiles(bob, group, [postPart({ content: ' ' }), filePart('small.png')]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(GROUP_MESSAGES.postRequired);
    const tooManyAlts = await callAs(t, bob, {
      method: 'POST',
      url: `/api/groups/${group.id}/posts`,
      payload: { content: 'No files', altTexts: ['A cat'] },
    });
    expect(tooManyAlts.statusCode).toBe(400);
    expect(tooManyAlts.json().message).toBe(MEDIA_MESSAGES.moreAltTextsThanFiles);
    expect(filesIn(t, 'media')).toEqual(before);
    expect(filesIn(t, 'tmp')).toEqual([]);
  });

  it('removes the files of a deleted post and its replies at once', async () => {
    const group = await groupWithBob();
    const post: GroupPost = (
      await postWithFiles(ann, group, [postPart({ content: 'Notes' }), filePart('small.png')])
    ).json();
    const reply: GroupPost = (
      await postWithFiles(bob, group, [
        postPart({ content: 'Mine', replyToId: post.id }),
        filePart('tiny.gif'),
      ])
    ).json();
    const urls = [...post.media, ...reply.media].flatMap((m) => [m.fileUrl, m.thumbnailUrl!]);
    for (const url of urls) expect((await download(url)).statusCode).toBe(200);

    const deleted = await callAs(t, ann, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/posts/${post.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    for (const url of urls) expect((await download(url)).statusCode, url).toBe(404);
  });

  it('removes the files of a post a moderator removes at once', async () => {
    const group = await groupWithBob();
    const post: GroupPost = (
      await postWithFiles(bob, group, [postPart({ content: 'Ad' }), filePart('small.png')])
    ).json();
    const moderator = await signUp(t, { name: 'Mo', email: MODERATOR_EMAIL });
    const removed = await callAs(t, moderator, {
      method: 'POST',
      url: `/api/moderation/group-posts/${post.id}/remove`,
      payload: { note: 'Ads' },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await download(post.media[0]!.fileUrl)).statusCode).toBe(404);
    expect((await download(post.media[0]!.thumbnailUrl!)).statusCode).toBe(404);
  });

  it('leaves the files of a deleted group to the sweep, which removes them', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(t, ann, plan);
    const post: GroupPost = (
      await postWithFiles(ann, group, [postPart({ content: 'Notes' }), filePart('small.png')])
    ).json();
    // Deleting the plan deletes its groups, their posts and media rows, by cascade.
    const gone = await callAs(t, ann, { method: 'DELETE', url: `/api/learning-plans/${plan.id}` });
    expect(gone.statusCode).toBe(204);
    expect((await download(post.media[0]!.fileUrl)).statusCode).toBe(200);
    const { removed } = await t.app.fileRemoval.sweep();
    expect(removed).toBeGreaterThanOrEqual(2);
    expect((await download(post.media[0]!.fileUrl)).statusCode).toBe(404);
    expect((await download(post.media[0]!.thumbnailUrl!)).statusCode).toBe(404);
  });

  it('are in their author’s data export, and go with their account at once', async () => {
    const cara = await signUp(t, { name: 'Cara' });
    const dan = await signUp(t, { name: 'Dan' });
    const group = await startGroup(t, cara, await createPlan(t, cara.token), { name: 'Night owls' });
    await callAs(t, dan, { method: 'POST', url: `/api/groups/${group.id}/members`, payload: {} });
    const post: GroupPost = (
      await postWithFiles(dan, group, [
        postPart({ content: 'My desk', altTexts: ['A desk'] }),
        filePart('small.png'),
      ])
    ).json();
    const key = pathOf(post.media[0]!.fileUrl).replace('/api/media/', '');

    const archive = await callAs(t, dan, { url: '/api/account/export' });
    expect(archive.statusCode).toBe(200);
    const entries = readZip(archive.rawPayload);
    expect(JSON.parse(entries.get('group-posts.json')!.toString('utf8'))).toEqual([
      expect.objectContaining({
        groupName: 'Night owls',
        content: 'My desk',
        replyToId: null,
        media: [expect.objectContaining({ type: 'IMAGE', altText: 'A desk', file: `media/${key}` })],
      }),
    ]);
    expect(entries.get(`media/${key}`)!.equals(fixture('small.png'))).toBe(true);

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(dan.token),
      payload: { password: dan.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await download(post.media[0]!.fileUrl)).statusCode).toBe(404);
    expect((await download(post.media[0]!.thumbnailUrl!)).statusCode).toBe(404);
  });
});
