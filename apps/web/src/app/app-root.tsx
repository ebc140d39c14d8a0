import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../features/auth';

/** The root route: the session lives here because signing in and out navigates. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
