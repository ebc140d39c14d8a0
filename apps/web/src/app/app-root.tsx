import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { AuthProvider } from '../lib/auth/auth-provider';
import { OfflineBanner } from './offline-banner';
import { RouteAnnouncer } from './route-announcer';
import { ServerUnreachableBanner } from './server-unreachable-banner';
import { useScrollRestoration } from './use-scroll-restoration';

const UpdatePrompt = lazy(() => import('./update-prompt'));

/**
 * The root route: the session lives here because signing in and out navigates. 'Loading...' shows
 * while the first page's code arrives; later navigations keep the current page until the next is ready.
 * The service worker exists only in a build (`vite build` writes it), so only a build registers it.
 */
export function AppRoot() {
  useScrollRestoration();
  return (
    <AuthProvider>
      <OfflineBanner />
      <ServerUnreachableBanner />
      <RouteAnnouncer />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      {import.meta.env.PROD && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </AuthProvider>
  );
}
