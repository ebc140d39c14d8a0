/** The service worker's cache of API responses (apps/web/pwa.config.ts). */
export const API_CACHE = 'pathwise-api';
/** The service worker's cache of stored images; they are public, so every account may share it. */
export const MEDIA_CACHE = 'pathwise-media';

/**
 * Forgets the API responses the service worker kept for offline reading. They were fetched with one
 * person's token but are stored by URL alone, so they must not outlive that person's session.
 */
export async function clearApiCache() {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}
