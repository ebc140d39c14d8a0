import {
  type FederationOptions,
  getAuthenticatedDocumentLoader,
  type KvStore,
  kvCache,
} from '@fedify/fedify';
import { createSafeDocumentLoader, withTimeout } from '../../lib/federation-fetch.js';

/**
 * How Fedify fetches: with our loader (lib/federation-fetch.ts: no private addresses, a time limit, a
 * body cap, each redirect checked), cached in Fedify's store as its own loader is. Fedify refuses custom
 * loaders beside `allowPrivateAddress`, which its WebFinger lookups also read: with
 * FEDERATION_ALLOW_PRIVATE (tests that run two servers on loopback) its own loaders are kept.
 */
export function fetchOptions(kv: KvStore, allowPrivateAddress: boolean): Partial<FederationOptions<void>> {
  if (allowPrivateAddress) return { allowPrivateAddress: true };
  const loader = createSafeDocumentLoader({ allowPrivateAddress: false });
  return {
    documentLoaderFactory: () => kvCache({ loader, kv }),
    contextLoaderFactory: () => kvCache({ loader, kv }),
    // Signed fetches (servers that want to know who asks) are Fedify's: checked per hop, time-limited here.
    authenticatedDocumentLoaderFactory: (identity) =>
      withTimeout(getAuthenticatedDocumentLoader(identity, { allowPrivateAddress: false })),
  };
}
