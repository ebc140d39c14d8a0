import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { USER_MESSAGES } from '@pathwise/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '../src/db/schema/index.js';
import { createTokenService } from '../src/lib/tokens.js';
import { insertAccount } from '../src/modules/users/accounts.service.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { multipart, type Part } from './helpers/multipart.js';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (id: number | string, account?: TestAccount) =>
  t.app.inject({ url: `/api/users/${id}?_t=${Date.now()}`, headers: account ? bearer(account.token) : {} });
const putProfile = (id: number | string, payload: object, account?: TestAccount) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    payload,
    headers: account ? bearer(account.token) : {},
  });
const uploadPicture = (parts: Part[], account?: TestAccount) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/profile-picture',
    payload,
    headers: { ...headers, ...(account ? bearer(account.token) : {}) },
  });
};
const pictureFile = (name: string, data = fixture(name)): Part => ({
  name: 'file',
  filename: name,
  contentType: 'image/png',
  data,
});
const follow = (who: TestAccount, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: bearer(who.token) });
const storedAvatars = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'media', 'avatars')).sort();
  } catch {
    return [];
  }
};
const storedRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const editable = (account: TestAccount) => ({
  name: account.user.name,
  email: account.user.email,
  bio: account.user.bio,
  location: account.user.location,
  profilePicture: account.user.profilePicture,
});

describe('GET /api/users/{id}', () => {
  it('answers the profile with exact counts and whether the viewer follows, never cached', async () => {
    const ann = await signUp(t, { name: 'Ann' });
    const bob = await signUp(t, { name: 'Bob' });
    const cat = await signUp(t, { name: 'Cat' });
    await follow(bob, ann.user.id);
    await follow(cat, ann.user.id);
    await follow(ann, cat.user.id);
    await t.db
      .insert(posts)
      .values(
        [1, 2, 3].map((n) => ({ authorId: ann.user.id, title: `Post ${n}`, content: 'x', category: 'ART' })),
      );

    const res = await getProfile(ann.user.id, bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: ann.user.id,
      name: 'Ann',
      handle: ann.user.handle,
      email: null,
      bio: '',
      location: '',
      profilePicture: null,
      createdAt: ann.user.createdAt,
      followersCount: 2,
      followingCount: 1,
      postsCount: 3,
      isCurrentUserFollowing: true,
      isBlocked: false,
      isMuted: false,
      suspended: false,
      hasFeed: false,
    });
    expect((await getProfile(ann.user.id, ann)).json().isCurrentUserFollowing).toBe(false);
    expect((await getProfile(bob.user.id, ann)).json()).toMatchObject({
      isCurrentUserFollowing: false,
      followersCount: 0,
      followingCount: 1,
      postsCount: 0,
    });
  });

  it('costs one SQL statement', async () => {
    const ann = await signUp(t);
    const { result, statements } = await t.queries.count(() => getProfile(ann.user.id, ann));
    expect(result.statusCode).toBe(200);
    expect(statements).toBe(1);
  });

  it('answers /api/auth/me with the same profile shape for the signed-in user', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    await follow(bob, ann.user.id);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(ann.token) });
    expect(me.json()).toEqual({
      ...(await getProfile(ann.user.id, ann)).json(),
      isCurrentUserFollowing: false,
      isModerator: false,
    });
    expect(me.json().followersCount).toBe(1);
  });

  it.each(['0', '-1', '1.5', '1e3', '2147483648', '9999999999999999'])(
    'answers 404 for the id %j, which no user can have',
    async (id) => {
      const ann = await signUp(t);
      const res = await getProfile(id, ann);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User profile not found. Please check the user ID.');
    },
  );

  it.each(['abc', 'undefined'])('refuses the id %j with "Invalid user ID"', async (id) => {
    const ann = await signUp(t);
    const res = await getProfile(id, ann);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid user ID');
  });

  it('answers 404 with the spec message for an unknown user', async () => {
    const ann = await signUp(t);
    const res = await getProfile(987654, ann);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User profile not found. Please check the user ID.');
  });

  it('answers 401 without a valid token', async () => {
    const ann = await signUp(t);
    expect((await getProfile(ann.user.id)).statusCode).toBe(401);
    expect((await getProfile('abc')).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates your own profile: trimmed text, empty optional fields stored as null, extra keys ignored', async () => {
    const ann = await signUp(t, { name: 'Ann' });
    const res = await putProfile(
      ann.user.id,
      {
        id: 424242,
        name: '  Ann Lee ',
        email: ` ${ann.user.email.toUpperCase()} `,
        bio: '  Learning Rust  ',
        location: '   ',
        profilePicture: null,
      },
      ann,
    );
    expect(res.statusCode).toBe(200);
    // The profile answers leave out isModerator, which only /api/auth/me carries.
    const { isModerator: _isModerator, ...profile } = ann.user;
    const expected = {
      ...profile,
      name: 'Ann Lee',
      bio: 'Learning Rust',
      location: '',
    };
    expect(res.json()).toEqual(expected);
    expect((await getProfile(ann.user.id, ann)).json()).toEqual(expected);

    const cleared = await putProfile(ann.user.id, { ...expected, bio: '', location: 'Lisbon' }, ann);
    expect(cleared.json()).toMatchObject({ bio: '', location: 'Lisbon' });
    expect(await storedRow(ann.user.id)).toMatchObject({ bio: null, location: 'Lisbon' });
  });

  it('keeps the e-mail address: a new one is refused, to be confirmed through Settings', async () => {
    await signUp(t, { email: 'taken.by.bob@example.com' });
    const ann = await signUp(t, { email: 'old.ann@example.com', password: 'ann password' });
    const before = await storedRow(ann.user.id);
    for (const email of ['new.ann@example.com', 'TAKEN.by.bob@example.com']) {
      const res = await putProfile(ann.user.id, { ...editable(ann), name: 'Changed', email }, ann);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'email', message: USER_MESSAGES.emailChangeInSettings }]);
    }
    expect(await storedRow(ann.user.id)).toEqual(before);

    const ownInOtherCase = await putProfile(
      ann.user.id,
      { ...editable(ann), email: ann.user.email.toUpperCase() },
      ann,
    );
    expect(ownInOtherCase.statusCode).toBe(200);
    expect(ownInOtherCase.json().email).toBe('old.ann@example.com');
  });

  it('lets an account without a password (social sign-in) edit its profile and keep its session', async () => {
    const row = await insertAccount(t.db, {
      name: 'Gia',
      email: 'gia@example.com',
      profilePicture: 'https://lh3.example.com/gia.png',
    });
    const token = await createTokenService(testConfig.jwtSecret, 3600).sign(row.id, 0);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${row.id}`,
      headers: bearer(token),
      payload: {
        name: 'Gia Rossi',
        email: 'gia@example.com',
        bio: 'Hi',
        location: null,
        profilePicture: 'https://lh3.example.com/gia.png',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Gia Rossi',
      email: 'gia@example.com',
      profilePicture: 'https://lh3.example.com/gia.png',
    });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().name).toBe('Gia Rossi');
    expect((await storedRow(row.id)).passwordHash).toBeNull();
  });

  it.each([
    [{ name: undefined }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ bio: 'b'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
    [{ location: 'l'.repeat(101) }, 'location', 'Location must be at most 100 characters'],
    [{ bio: 42 }, 'bio', 'Bio must be text'],
    [
      { profilePicture: 'https://evil.example.com/x.png' },
      'profilePicture',
      expect.stringContaining('Upload'),
    ],
  ])('refuses %j with a message for %s and changes nothing', async (change, field, message) => {
    const ann = await signUp(t);
    const before = await storedRow(ann.user.id);
    const res = await putProfile(ann.user.id, { ...editable(ann), ...change }, ann);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(message);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await storedRow(ann.user.id)).toEqual(before);
  });

  it('accepts the longest bio and location', async () => {
    const ann = await signUp(t);
    const res = await putProfile(
      ann.user.id,
      { ...editable(ann), bio: 'b'.repeat(500), location: 'l'.repeat(100) },
      ann,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toHaveLength(500);
  });

  it("refuses another user's profile (403), an unknown one (404), a bad id (400) and visitors (401)", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t, { name: 'Bob' });
    const before = await storedRow(bob.user.id);

    const other = await putProfile(bob.user.id, { ...editable(bob), name: 'Hacked' }, ann);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only edit your own profile.');
    const unknown = await putProfile(987654, editable(ann), ann);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User profile not found. Please check the user ID.');
    const invalid = await putProfile('edit', editable(ann), ann);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid user ID');
    expect((await putProfile(bob.user.id, { ...editable(bob), name: 'Hacked' })).statusCode).toBe(401);

    expect(await storedRow(bob.user.id)).toEqual(before);
  });
});

describe('POST /api/users/profile-picture', () => {
  it('makes a square WebP avatar the picture at once and serves it', async () => {
    const ann = await signUp(t);
    const res = await uploadPicture([pictureFile('photo.jpg')], ann);
    expect(res.statusCode).toBe(200);
    const { fileUrl } = res.json();
    expect(fileUrl).toMatch(/^http:\/\/[^/]+\/api\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect((await getProfile(ann.user.id, ann)).json().profilePicture).toBe(fileUrl);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(ann.token) })).json().profilePicture,
    ).toBe(fileUrl);

    const served = await t.app.inject({ url: new URL(fileUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const { width, height, format } = await sharp(served.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 320, height: 320, format: 'webp' });
  });

  it.each(['small.png', 'tiny.gif', 'tiny.webp'])('accepts %s', async (name) => {
    const ann = await signUp(t);
    const res = await uploadPicture([pictureFile(name)], ann);
    expect(res.statusCode).toBe(200);
  });

  it('removes the previous picture file when replaced, and on PUT with null', async () => {
    const ann = await signUp(t);
    const before = storedAvatars();
    const first = (await uploadPicture([pictureFile('photo.jpg')], ann)).json().fileUrl as string;
    const second = (await uploadPicture([pictureFile('small.png')], ann)).json().fileUrl as string;
    const fileOf = (url: string) => path.basename(url);
    expect(storedAvatars()).toEqual([...before, fileOf(second)].sort());
    expect((await t.app.inject({ url: new URL(first).pathname })).statusCode).toBe(404);

    const kept = await putProfile(ann.user.id, { ...editable(ann), profilePicture: second }, ann);
    expect(kept.json().profilePicture).toBe(second);
    const { profilePicture: _absent, ...withoutPicture } = editable(ann);
    expect((await putProfile(ann.user.id, withoutPicture, ann)).json().profilePicture).toBe(second);
    expect(storedAvatars()).toContain(fileOf(second));

    const removed = await putProfile(ann.user.id, { ...editable(ann), profilePicture: null }, ann);
    expect(removed.json().profilePicture).toBeNull();
    expect(storedAvatars()).toEqual(before);
  });

  it('replaces a picture from an identity provider without touching that URL', async () => {
    const ann = await signUp(t);
    await t.db
      .update(users)
      .set({ profilePicture: 'https://lh3.example.com/a.png' })
      .where(eq(users.id, ann.user.id));
    const res = await uploadPicture([pictureFile('small.png')], ann);
    expect(res.statusCode).toBe(200);
    expect((await getProfile(ann.user.id, ann)).json().profilePicture).toBe(res.json().fileUrl);
  });

  it.each([
    ['fake.png', 'text named .png', fixture('fake.png')],
    ['doc.pdf', 'a PDF', fixture('doc.pdf')],
    ['short.mp4', 'a video', fixture('short.mp4')],
    ['cut.jpg', 'a truncated JPEG', fixture('photo.jpg').subarray(0, 2000)],
  ])('refuses %s (%s) by content with 415, keeping the current picture', async (name, _what, data) => {
    const ann = await signUp(t);
    const current = (await uploadPicture([pictureFile('small.png')], ann)).json().fileUrl;
    const before = storedAvatars();
    const res = await uploadPicture([pictureFile(name, data)], ann);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please choose an image file (JPEG, PNG, GIF or WEBP).');
    expect(storedAvatars()).toEqual(before);
    expect(readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    expect((await getProfile(ann.user.id, ann)).json().profilePicture).toBe(current);
  });

  it('refuses a request without a file, with two files, or not multipart (4xx with a message)', async () => {
    const ann = await signUp(t);
    const none = await uploadPicture([{ name: 'note', data: 'hello' }], ann);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose an image file to upload.');

    const two = await uploadPicture([pictureFile('small.png'), pictureFile('tiny.gif')], ann);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Upload one picture at a time.');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: bearer(ann.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await getProfile(ann.user.id, ann)).json().profilePicture).toBeNull();
  });

  it('answers 401 to visitors and stores nothing', async () => {
    const before = storedAvatars();
    const res = await uploadPicture([pictureFile('small.png')]);
    expect(res.statusCode).toBe(401);
    expect(storedAvatars()).toEqual(before);
  });
});
