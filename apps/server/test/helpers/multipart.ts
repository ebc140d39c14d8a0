export { multipart, type Part } from '../../src/lib/multipart-body.js';

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
