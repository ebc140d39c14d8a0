import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoDurationSeconds } from '../src/lib/uploads/inspect.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import { createPost, filePart, fixture } from './helpers/posts.js';
import { type S3TestServer, startS3Server } from './helpers/s3-server.js';

const CAMERA = { Make: 'Snoopcam', Model: 'Tracker 3000' };
const SERIAL = 'SN-4242-SECRET';
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 29/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 17/1 40/1',
};

/**
 * A 40×20 JPEG as a phone writes it: camera, serial number and GPS position in its EXIF, turned by
 * its orientation tag (6: shown rotated a quarter turn, so 20×40), with a Display P3 colour profile.
 */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c04020' } })
    .withIccProfile('p3')
    .withExif({ IFD0: CAMERA, IFD2: { BodySerialNumber: SERIAL }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** Atoms of the QuickTime user-data format: size, type, then a text's length, language and the text. */
function textAtom(type: string, text: string): Buffer {
  const body = Buffer.alloc(4);
  body.writeUInt16BE(text.length, 0);
  const atom = Buffer.concat([Buffer.alloc(8), body, Buffer.from(text, 'latin1')]);
  atom.writeUInt32BE(atom.length, 0);
  atom.write(type, 4, 'latin1');
  return atom;
}

const LOCATION = '+48.8577+002.2945/';
const PHONE = 'iPhone 15 Pro';

/**
 * The short.mp4 fixture with its user data (`moov/udta`) replaced by one of the same size that says
 * where and with what it was filmed, as phones write it; the same size keeps every offset right.
 */
function phoneVideo(): Buffer {
  const movie = Buffer.from(fixture('short.mp4'));
  const udta = movie.indexOf('udta', 0, 'latin1') - 4;
  const size = movie.readUInt32BE(udta);
  const atoms = Buffer.concat([
    textAtom('©xyz', LOCATION),
    textAtom('©mak', 'Apple'),
    textAtom('©mod', PHONE),
  ]);
  const filler = Buffer.alloc(size - 8 - atoms.length);
  filler.writeUInt32BE(filler.length, 0);
  filler.write('free', 4, 'latin1');
  Buffer.concat([atoms, filler]).copy(movie, udta + 8);
  return movie;
}

const contains = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe.each(['local', 's3'] as const)('uploaded media on %s storage lose their metadata', (driver) => {
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(s3 ? { config: { mediaStorage: s3.mediaStorage } } : {});
    ann = await signUp(t, { name: 'Ann' });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const download = async (url: string) => {
    const res = await t.app.inject({ url: new URL(url, 'http://localhost').pathname });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('a post photo comes back upright, with its colour profile, without camera, serial or GPS', async () => {
    const original = await phonePhoto();
    expect(await sharp(original).metadata()).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(contains(original, SERIAL)).toBe(true);

    const post = await createPost(t, ann.token, {}, [filePart('photo.jpg', original)]);
    const stored = await download(post.media[0]!.fileUrl);

    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // The orientation was applied to the pixels: 40×20 turned a quarter is 20×40.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
    expect(metadata.icc).toBeDefined();
    expect((await sharp(original).metadata()).icc?.equals(metadata.icc!)).toBe(true);
    for (const text of [CAMERA.Make, CAMERA.Model, SERIAL]) expect(contains(stored, text), text).toBe(false);
    expect(post.media[0]).toMatchObject({ width: 20, height: 40 });
  });

  it('a profile picture keeps none of it either', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await phonePhoto() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      payload,
      headers: { ...headers, ...bearer(ann.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await download(res.json().fileUrl);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    for (const text of [CAMERA.Make, CAMERA.Model, SERIAL]) expect(contains(stored, text), text).toBe(false);
  });

  it('a video loses its location and device atoms, and still reads as the same movie', async () => {
    const original = phoneVideo();
    expect(contains(original, LOCATION) && contains(original, PHONE)).toBe(true);

    const post = await createPost(t, ann.token, {}, [filePart('short.mp4', original)]);
    const stored = await download(post.media[0]!.fileUrl);

    for (const text of ['©xyz', '©mak', '©mod', LOCATION, PHONE, 'Apple']) {
      expect(contains(stored, text), text).toBe(false);
    }
    // Nothing moved: same size, same samples, same playing time.
    expect(stored.length).toBe(original.length);
    const mdat = original.indexOf('mdat', 0, 'latin1');
    expect(stored.subarray(mdat).equals(original.subarray(mdat))).toBe(true);
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'pw-video-')), 'stored.mp4');
    writeFileSync(copy, stored);
    expect(await videoDurationSeconds(copy)).toBeCloseTo(
      (await videoDurationSeconds(path.join(import.meta.dirname, 'fixtures', 'short.mp4')))!,
      3,
    );
  });

  it('a photo without any metadata is stored byte for byte', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const post = await createPost(t, ann.token, {}, [filePart('plain.png', plain)]);
    expect((await download(post.media[0]!.fileUrl)).equals(plain)).toBe(true);
  });
});
