import { randomBytes } from 'node:crypto';

export type Part = { name: string; data: string | Buffer; filename?: string; contentType?: string };

/** A multipart/form-data body for app.inject, the way a browser sends FormData. */
export function multipart(parts: Part[]) {
  const boundary = `----pathwise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const boundaryOf = (payload: Buffer) => payload.toString('latin1').split('\r\n')[0]!.slice(2);

/**
 * A well-formed body sent broken the ways a client or proxy breaks it, each as
 * [what is wrong, the content type it claims, the bytes].
 */
export function malformedMultipart(payload: Buffer): [string, string, Buffer][] {
  const own = `multipart/form-data; boundary=${boundaryOf(payload)}`;
  return [
    ['no boundary', 'multipart/form-data', payload],
    ['an empty boundary', 'multipart/form-data; boundary=', payload],
    ['an empty quoted boundary', 'multipart/form-data; boundary=""', payload],
    ['a boundary the body does not use', 'multipart/form-data; boundary=something-else', payload],
    ['a truncated body', own, payload.subarray(0, payload.length - 40)],
    ['a body cut inside the headers', own, payload.subarray(0, 60)],
    ['no closing boundary', own, payload.subarray(0, payload.lastIndexOf(`--${boundaryOf(payload)}--`))],
  ];
}
