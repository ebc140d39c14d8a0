import { randomBytes } from 'node:crypto';

export type Part = { name: string; data: string | Buffer; filename?: string; contentType?: string };

/**
 * A multipart/form-data body for app.inject, the way a browser sends FormData (the demo community and
 * the tests upload through the real routes).
 */
export function multipart(parts: Part[]) {
  const boundary = `----pathwise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename !== undefined ? `; filename="${part.filename}"` : '';
    const disposition = `form-data; name="${part.name}"${filename}`;
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
