import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE, MEDIA_CACHE } from './src/lib/offline-caches.ts';

const DAY_SECONDS = 86_400;
/** Where vite.config.ts puts the chunks only code blocks load (under assets/: hashed, cached a year). */
export const HIGHLIGHTER_CHUNKS = 'assets/code';

/**
 * The installable app (web manifest) and its service worker (Workbox, generateSW): the app shell is
 * precached; API reads and images already seen stay readable offline. Workbox writes the `urlPattern`
 * functions into sw.js as source, so they use nothing from this file.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // A new version waits for the reader's "Reload" (src/app/update-prompt.tsx registers the worker).
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Pathwise',
    short_name: 'Pathwise',
    description: 'Share what you learn, plan your learning and track your progress.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // Light theme's; index.html gives browsers the dark theme's colour by media query.
    theme_color: '#4f46e5',
    background_color: '#f8fafc',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: [`${HIGHLIGHTER_CHUNKS}/**`],
    // Every client route opens the precached shell; API paths (OAuth redirects, docs) and the server's
    // documents (robots.txt, the sitemap, a profile's feed.xml) never do.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/robots\.txt$/, /\.xml$/],
    cleanupOutdatedCaches: true,
    // Shows Web Push messages and opens their page on a click (public/push-handler.js).
    importScripts: ['/push-handler.js'],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/code/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'pathwise-code',
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Stored files never change under a key (the server says `immutable`). Videos are fetched by
        // byte ranges, which a cache cannot answer: they always go to the network.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && url.pathname.startsWith('/api/media/') && request.destination === 'image',
        handler: 'CacheFirst',
        options: {
          cacheName: MEDIA_CACHE,
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * DAY_SECONDS },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The app's own reads (fetch: no destination). Not kept: the live notification stream, no page
        // at all, and everything under /api/auth/ — a kept /me would confirm a session the server never
        // saw, a kept reset-link check would call a used link valid, and the sign-in page's reads would
        // outlive the sign-out that clears this cache. Workbox routes match GET only unless told otherwise.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.destination === '' &&
          url.pathname.startsWith('/api/') &&
          !url.pathname.startsWith('/api/media/') &&
          !url.pathname.startsWith('/api/auth/') &&
          url.pathname !== '/api/notifications/stream',
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 300, maxAgeSeconds: 7 * DAY_SECONDS },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
