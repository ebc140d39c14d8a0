import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { AuthProvider } from '../lib/auth/auth-provider';
import { useScrollRestoration } from './use-scroll-restoration';

/**
 * The root route: the session lives here because signing in and out navigates. 'Loading...' shows
 * while the first page's code arrives; later navigations keep the current page until the next is ready.
 */
export function AppRoot() {
  useScrollRestoration();
  return (
    <AuthProvider>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
