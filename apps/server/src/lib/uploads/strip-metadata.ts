import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';

/**
 * Removes what a photo says about where it was taken and with which device (EXIF, XMP, IPTC, PNG
 * text) by writing the pixels again: sharp keeps no metadata on output unless told to. The EXIF
 * orientation is applied to the pixels first, so the picture stands as it did, and the colour
 * profile is kept, so it looks the same. A file with none of that metadata is left as it is (no
 * second lossy encoding). Animated images keep their frames. Replaces the file at `path`.
 */
export async function stripImageMetadata(path: string, mime: string): Promise<void> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const metadata = await sharp(path).metadata();
  const oriented = metadata.orientation === undefined || metadata.orientation === 1;
  const carriesMetadata = metadata.exif || metadata.xmp || metadata.iptc || metadata.comments?.length;
  if (oriented && !carriesMetadata) return;

  const image = sharp(path, { animated }).keepIccProfile();
  // Orientation is an EXIF tag of still photos; an animation's frames are turned one by one otherwise.
  if ((metadata.pages ?? 1) === 1) image.rotate();
  const stripped = `${path}.stripped`;
  try {
    await encodeAs(image, mime).toFile(stripped);
    await rename(stripped, path);
  } finally {
    await rm(stripped, { force: true });
  }
}

function encodeAs(image: Sharp, mime: string): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
    case 'image/png':
      return image.png();
    case 'image/gif':
      return image.gif();
    case 'image/webp':
      return image.webp({ quality: 92 });
    default:
      throw new Error(`No encoder for ${mime}`);
  }
}

/** The user-data atoms of a movie that say where it was filmed and with what (QuickTime and 3GPP). */
const REVEALING_ATOMS = new Set(['©xyz', '©mak', '©mod', '©swr', 'loci', 'XMP_']);
/** Keys of QuickTime metadata (`meta` with an `mdta` handler) that say the same. */
const REVEALING_KEY = /location|make|model|software|serial|device|camera|lens/i;
/** The UUID of an XMP packet stored in a `uuid` box. */
const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';

type Box = { type: string; start: number; headerSize: number; end: number };

/**
 * Removes the location and device atoms of an MP4/QuickTime movie: `©xyz`, `©mak`, `©mod`, `©swr`,
 * `loci` and `XMP_` in user data (`udta`), the location, make, model and software entries of its
 * QuickTime metadata (`meta`), and XMP `uuid` boxes. Each is overwritten in place by a `free` box of
 * the same size (type changed, contents zeroed): no other box moves, so the sample offsets the
 * movie's index points at stay right and it plays as before. Changes the file at `path`.
 */
export async function stripVideoMetadata(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    const { size } = await file.stat();
    for (const box of await readBoxes(file, 0, size)) {
      if (box.type === 'moov') await cleanContainer(file, box);
      else if (isXmpUuid(box.type, await peek(file, box, 16))) await blank(file, box);
    }
  } finally {
    await file.close();
  }
}

async function cleanContainer(file: FileHandle, container: Box): Promise<void> {
  for (const box of await readBoxes(file, container.start + container.headerSize, container.end)) {
    if (box.type === 'trak') await cleanContainer(file, box);
    else if (box.type === 'udta') await cleanUserData(file, box);
    else if (box.type === 'meta') await cleanMeta(file, box);
    else if (isXmpUuid(box.type, await peek(file, box, 16))) await blank(file, box);
  }
}

async function cleanUserData(file: FileHandle, userData: Box): Promise<void> {
  for (const box of await readBoxes(file, userData.start + userData.headerSize, userData.end)) {
    if (REVEALING_ATOMS.has(box.type)) await blank(file, box);
    else if (box.type === 'meta') await cleanMeta(file, box);
  }
}

/**
 * A `meta` box is a full box (4 bytes of version and flags) in MP4 and a plain one in QuickTime; its
 * children are a handler (`hdlr`), for QuickTime metadata the key names (`keys`), and the values
 * (`ilst`), whose items are typed by a 1-based key index (`mdta`) or by an atom name (iTunes).
 */
async function cleanMeta(file: FileHandle, meta: Box): Promise<void> {
  const head = await peek(file, meta, 4);
  const childrenStart = meta.start + meta.headerSize + (head.readUInt32BE(0) === 0 ? 4 : 0);
  const children = await readBoxes(file, childrenStart, meta.end);
  const keys = children.find((box) => box.type === 'keys');
  const keyNames = keys ? await readKeyNames(file, keys) : [];
  for (const list of children.filter((box) => box.type === 'ilst')) {
    for (const item of await readBoxes(file, list.start + list.headerSize, list.end)) {
      const index = Buffer.from(item.type, 'latin1').readUInt32BE(0);
      const keyName = keyNames[index - 1];
      const revealing = keyName ? REVEALING_KEY.test(keyName) : REVEALING_ATOMS.has(item.type);
      if (revealing) await blank(file, item);
    }
  }
}

/** The names of a `keys` box: version and flags, a count, then per key its size, namespace and name. */
async function readKeyNames(file: FileHandle, keys: Box): Promise<string[]> {
  const body = await peek(file, keys, keys.end - keys.start - keys.headerSize);
  const names: string[] = [];
  let offset = 8;
  while (offset + 8 <= body.length) {
    const size = body.readUInt32BE(offset);
    if (size < 8 || offset + size > body.length) break;
    names.push(body.toString('latin1', offset + 8, offset + size));
    offset += size;
  }
  return names;
}

const isXmpUuid = (type: string, body: Buffer) => type === 'uuid' && body.toString('hex') === XMP_UUID;

/** The boxes between `from` and `to`; stops at the first header that does not fit (a damaged file). */
async function readBoxes(file: FileHandle, from: number, to: number): Promise<Box[]> {
  const boxes: Box[] = [];
  const header = Buffer.alloc(16);
  let start = from;
  while (start + 8 <= to) {
    await file.read(header, 0, 16, start);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - start;
    }
    if (size < headerSize || start + size > to) break;
    boxes.push({ type: header.toString('latin1', 4, 8), start, headerSize, end: start + size });
    start += size;
  }
  return boxes;
}

/** Up to `length` bytes of a box's contents (after its header). */
async function peek(file: FileHandle, box: Box, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(Math.max(0, Math.min(length, box.end - box.start - box.headerSize)));
  await file.read(bytes, 0, bytes.length, box.start + box.headerSize);
  return bytes;
}

/** Turns a box into a `free` box of the same size with zeroed contents. */
async function blank(file: FileHandle, box: Box): Promise<void> {
  await file.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
  const zeros = Buffer.alloc(64 * 1024);
  for (let at = box.start + box.headerSize; at < box.end; at += zeros.length) {
    await file.write(zeros, 0, Math.min(zeros.length, box.end - at), at);
  }
}
