import { webcrypto } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';

/** A person of the fake server: their actor's address, their key's, and the private key they sign with. */
export type FakeActor = {
  name: string;
  id: string;
  keyId: string;
  publicKeyPem: string;
  privateKey: webcrypto.CryptoKey;
};

/** An activity the fake server's inbox received, at which inbox (path), with whether it came signed. */
export type ReceivedActivity = {
  path: string;
  signed: boolean;
  activity: { type?: string; [key: string]: unknown };
};

const pem = (spki: ArrayBuffer) =>
  `-----BEGIN PUBLIC KEY-----\n${Buffer.from(spki)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .trimEnd()}\n-----END PUBLIC KEY-----\n`;

/**
 * Another ActivityPub server, as small as one can be: a plain node http server on 127.0.0.1 that
 * serves each of its people's actor documents (Mastodon's shape, with an RSA key of their own) and
 * keeps what its inbox receives. The test sends activities as its people with `send`, signed (HTTP
 * Signatures, by Fedify's `signRequest`) with the key a test chooses, or not signed at all.
 */
export async function startFakeActivityPubServer(names: string[]) {
  const received: ReceivedActivity[] = [];
  const documents = new Map<string, object>();
  const gone = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') {
        received.push({
          path: request.url ?? '/',
          signed: request.headers.signature !== undefined,
          activity: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(202).end();
        return;
      }
      const pathname = new URL(request.url ?? '/', origin).pathname;
      const document = documents.get(pathname);
      if (!document) {
        response.writeHead(gone.has(pathname) ? 410 : 404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify(document));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const actors: Record<string, FakeActor> = {};
  for (const name of names) {
    const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const id = `${origin}/users/${name}`;
    const keyId = `${id}#main-key`;
    const publicKeyPem = pem(await webcrypto.subtle.exportKey('spki', pair.publicKey));
    actors[name] = { name, id, keyId, publicKeyPem, privateKey: pair.privateKey };
    documents.set(`/users/${name}`, {
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      id,
      type: 'Person',
      preferredUsername: name,
      name: `${name[0]!.toUpperCase()}${name.slice(1)} Elsewhere`,
      summary: '<p>Learning in public.</p>',
      url: `${origin}/@${name}`,
      icon: { type: 'Image', mediaType: 'image/png', url: `${origin}/avatars/${name}.png` },
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${origin}/inbox` },
      publicKey: {
        id: keyId,
        owner: id,
        publicKeyPem,
      },
    });
  }

  return {
    origin,
    actors,
    received,
    /**
     * A forger's key whose document (served by this server under its other name, `localhost`, unless
     * `onVictimsHost`) claims `victim` as its owner, though the victim's actor does not name it: a
     * signer posing as `victim`. `type` is the document's (`Key` is not one Fedify reads).
     */
    async impostorOf(
      victim: FakeActor,
      { onVictimsHost = false, type = 'CryptographicKey' } = {},
    ): Promise<FakeActor> {
      const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      const path = `/keys/impostor-${documents.size}`;
      const keyId = `${onVictimsHost ? origin : origin.replace('127.0.0.1', 'localhost')}${path}`;
      const publicKeyPem = pem(await webcrypto.subtle.exportKey('spki', pair.publicKey));
      documents.set(path, {
        '@context': 'https://w3id.org/security/v1',
        id: keyId,
        type,
        owner: victim.id,
        publicKeyPem,
      });
      return { ...victim, keyId, publicKeyPem, privateKey: pair.privateKey };
    },
    /** Deletes `actor`'s account as Mastodon does: their actor (with their key) answers 410 Gone. */
    gone(actor: FakeActor) {
      const path = new URL(actor.id).pathname;
      documents.delete(path);
      gone.add(path);
    },
    /** A key pair no actor of any server has: what a forger signs with. */
    async strayKey() {
      return (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')).privateKey;
    },
    /**
     * POSTs `activity` to `inbox`, signed with `signer`'s key (or `key` under `signer`'s key id, or not
     * at all with `signer: null`) by draft-cavage HTTP Signatures (or RFC 9421's, `spec`), and returns
     * the response.
     */
    async send(
      inbox: string,
      activity: object,
      { signer, key, spec }: { signer: FakeActor | null; key?: webcrypto.CryptoKey; spec?: 'rfc9421' },
    ): Promise<Response> {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
        body: JSON.stringify(activity),
      });
      if (!signer) return fetch(request);
      return fetch(
        await signRequest(request, key ?? signer.privateKey, new URL(signer.keyId), spec && { spec }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeActivityPubServer = Awaited<ReturnType<typeof startFakeActivityPubServer>>;
