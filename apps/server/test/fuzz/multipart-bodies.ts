import { Readable } from 'node:stream';
import { fc } from '@fast-check/vitest';
import { MEDIA_LIMITS } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { malformedMultipart, multipart, type Part } from '../helpers/multipart.js';

/** One byte over what the server reads of a form field (the JSON `post` part included). */
const OVERSIZED_FIELD = 'x'.repeat(1024 * 1024 + 1);
/** Zeros that take any file one byte over every upload route's limit. */
const OVERSIZED_FILE_PADDING = Buffer.alloc(
  Math.max(MEDIA_LIMITS.maxFileBytes, MEDIA_LIMITS.maxPdfBytes) + 1,
);

/** A request body, printed by what it is (fast-check would print every byte of a failing one). */
const sent = (what: string, payload: InjectOptions['payload'], contentType: string): Partial<InjectOptions> =>
  Object.assign(
    { payload, headers: { 'content-type': contentType } },
    { [fc.toStringMethod]: () => `${what} (${contentType})` },
  );

/**
 * The valid body with its file made one byte too large, streamed from the shared padding: copying
 * 50 MB for every such request would cost more than the request.
 */
function oversizedFile(valid: Part[]): () => Partial<InjectOptions> {
  const file = valid.findLast((part) => Buffer.isBuffer(part.data))!;
  const mark = '\u0000the file\u0000';
  const { payload, headers } = multipart(
    valid.map((part) => (part === file ? { ...part, data: mark } : part)),
  );
  const at = payload.indexOf(mark);
  const chunks = [
    payload.subarray(0, at),
    file.data as Buffer,
    OVERSIZED_FILE_PADDING,
    payload.subarray(at + mark.length),
  ];
  return () =>
    sent('a file over the limit', Readable.from(chunks, { objectMode: false }), headers['content-type']);
}

/**
 * Multipart bodies for an upload route, from the parts a valid request carries: the valid body, the
 * ways `malformedMultipart` breaks it, cuts and overwritten bytes anywhere, and parts over each limit
 * (a field, a file, a part's headers, the number of parts).
 */
export function multipartBodies(valid: Part[]): fc.Arbitrary<Partial<InjectOptions>> {
  const { payload, headers } = multipart(valid);
  const contentType = headers['content-type'];
  const oversized: [string, Part[]][] = [
    ['a field over 1 MB', [...valid, { name: valid[0]!.name, data: OVERSIZED_FIELD }]],
    ['part headers of 100 KB', [{ name: 'a'.repeat(100_000), data: 'x' }, ...valid]],
    ['1,000 parts', [...valid, ...Array.from({ length: 1_000 }, (_, i) => ({ name: `f${i}`, data: 'x' }))]],
  ];
  const oversizedBodies = oversized.map(([what, parts]) => {
    const body = multipart(parts);
    return sent(what, body.payload, body.headers['content-type']);
  });
  return fc.oneof(
    fc.constant(sent('a valid body', payload, contentType)),
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...malformedMultipart(payload))
        .map(([what, type, bytes]) => sent(what, bytes, type)),
    },
    {
      weight: 2,
      arbitrary: fc
        .nat(payload.length - 1)
        .map((cut) => sent(`cut at byte ${cut}`, payload.subarray(0, cut), contentType)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ at: fc.nat(payload.length - 1), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) })
        .map(({ at, bytes }) => {
          const corrupted = Buffer.from(payload);
          corrupted.set(bytes.subarray(0, corrupted.length - at), at);
          return sent(`${bytes.length} bytes overwritten at ${at}`, corrupted, contentType);
        }),
    },
    fc.oneof(fc.constantFrom(...oversizedBodies), fc.constant(null).map(oversizedFile(valid))),
  );
}
