import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/loading';
import { useAuth } from '../lib/auth/auth-context';
import { returnPathOf } from '../lib/auth/return-path';
import { isReadablePage, useInstanceSettings } from '../lib/instance';
import { ShellPlaceholder } from './shell-placeholder';

/**
 * Every page but the sign-in ones needs a user; a visitor is sent to /login. The page they
 * asked for goes along (`from`), so that social sign-in can bring them back to it. The signed-in
 * frame shows at once, even while the session or the page's code is on its way. On an instance that
 * lets visitors read (PUBLIC_READING), the home feeds, a post, a plan and a profile show to them too,
 * in the visitor's frame (AppLayout).
 */
export function RequireUser() {
  const { user, restoringSession } = useAuth();
  const { pathname, search } = useLocation();
  const readable = !user && !restoringSession && isReadablePage(pathname);
  const instance = useInstanceSettings(readable);
  if (restoringSession || (readable && !instance)) return <ShellPlaceholder />;
  return user || (readable && instance?.publicReading) ? (
    <Suspense fallback={<ShellPlaceholder />}>
      <Outlet />
    </Suspense>
  ) : (
    <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />
  );
}

/**
 * /login and /signup send a signed-in user to / — or, right after signing in, to the page
 * they had asked for (a shared link), as the sign-in itself does, whichever of the two comes first.
 */
export function RequireVisitor() {
  const { user, restoringSession } = useAuth();
  const { state } = useLocation();
  if (restoringSession) return <Loading />;
  return user ? <Navigate to={returnPathOf(state)} replace /> : <Outlet />;
}
