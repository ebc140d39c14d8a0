import { useAuth } from '../lib/auth/auth-context';

export const SERVER_UNREACHABLE_MESSAGE = "Can't reach Pathwise, retrying…";

/**
 * Says so while the stored session waits for the server to confirm it: the person stays signed in and
 * sees what the app can show without it. The live region is always there, so its text is read out
 * when it appears.
 */
export function ServerUnreachableBanner() {
  const { serverUnreachable } = useAuth();
  return (
    <div aria-live="polite" aria-atomic="true">
      {serverUnreachable && (
        <p
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
        >
          {SERVER_UNREACHABLE_MESSAGE}
        </p>
      )}
    </div>
  );
}
