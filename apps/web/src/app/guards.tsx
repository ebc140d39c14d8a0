import { Navigate, Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { useAuth } from '../features/auth';

/** Spec §2: every page but the sign-in ones needs a user; a visitor is sent to /login. */
export function RequireUser() {
  const { user, restoringSession } = useAuth();
  if (restoringSession) return <Loading />;
  return user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Spec §2: /login and /signup send a signed-in user to /. */
export function RequireVisitor() {
  const { user, restoringSession } = useAuth();
  if (restoringSession) return <Loading />;
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
