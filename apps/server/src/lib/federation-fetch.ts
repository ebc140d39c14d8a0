import {
  type DocumentLoader,
  FetchError,
  getRemoteDocument,
  preloadedContexts,
  type RemoteDocument,
  validatePublicUrl,
} from '@fedify/fedify';
import { FEDERATION_LIMITS } from '@pathwise/contract';

export type SafeFetchOptions = {
  /** FEDERATION_ALLOW_PRIVATE (tests only): loopback and private addresses are fetched too. */
  allowPrivateAddress: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Origins taken as public whatever their address: tests let a local server stand in for one. */
  exemptOrigins?: readonly string[];
};

/**
 * Refuses an address other servers must not make us fetch: not http(s), `localhost`, or a name whose
 * addresses (every one DNS answers, IPv4 and IPv6) include a loopback, private, link-local or other
 * non-public one. Fedify's check, which resolves the name first.
 */
export async function refusePrivateUrl(url: string, allowPrivateAddress: boolean): Promise<void> {
  if (allowPrivateAddress) {
    if (!/^https?:$/.test(new URL(url).protocol)) throw new FetchError(url, 'Only http(s) is fetched');
    return;
  }
  await validatePublicUrl(url);
}

/** The body, read until `maxBytes`: a larger one is refused rather than kept in memory. */
async function cappedBody(url: string, response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FetchError(url, `The document is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new FetchError(url, `The document is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * The document loader Fedify fetches remote actors, keys, objects and JSON-LD contexts with, instead of
 * its own: each hop of a redirect checked like the first (never to a private address), a time limit on
 * the whole fetch and a cap on the body. Redirects are followed by hand, `redirect: manual`.
 */
export function createSafeDocumentLoader({
  allowPrivateAddress,
  timeoutMs = FEDERATION_LIMITS.fetchTimeoutMs,
  maxBytes = FEDERATION_LIMITS.fetchBodyBytes,
  maxRedirects = FEDERATION_LIMITS.fetchRedirects,
  exemptOrigins = [],
}: SafeFetchOptions): DocumentLoader {
  async function load(url: string, signal: AbortSignal, redirects: number): Promise<RemoteDocument> {
    signal.throwIfAborted();
    const current = new URL(url).href;
    const preloaded = (preloadedContexts as Record<string, unknown>)[current];
    if (preloaded) return { contextUrl: null, document: preloaded, documentUrl: current };
    if (!exemptOrigins.includes(new URL(current).origin))
      await refusePrivateUrl(current, allowPrivateAddress);
    const response = await fetch(current, {
      headers: { Accept: 'application/activity+json, application/ld+json' },
      redirect: 'manual',
      signal,
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new FetchError(current, 'Too many redirects');
      return load(new URL(location, current).href, signal, redirects + 1);
    }
    const body = await cappedBody(current, response, maxBytes);
    // Fedify reads the document (JSON-LD, or an HTML page's alternate link) from the bytes kept.
    const kept = new Response(response.status === 204 ? null : body, {
      status: response.status,
      headers: response.headers,
    });
    return getRemoteDocument(current, kept, (next) => load(next, signal, redirects + 1));
  }
  return (url, options) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    return load(url, signal, 0);
  };
}

/** A loader (Fedify's signed one, say) bounded in time: it gives up after `timeoutMs`. */
export function withTimeout(
  loader: DocumentLoader,
  timeoutMs: number = FEDERATION_LIMITS.fetchTimeoutMs,
): DocumentLoader {
  return (url, options) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return loader(url, {
      ...options,
      signal: options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  };
}
