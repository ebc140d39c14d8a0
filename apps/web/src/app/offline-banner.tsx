import { useSyncExternalStore } from 'react';

export const OFFLINE_MESSAGE = 'You are offline. Showing what you have already seen.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says so while the browser has no network: pages then come from what the service worker kept, and
 * anything sent would fail. Announced politely, once, when the connection drops: the live region is
 * always there (a region added with its text is not read out), and it is no `status` role, so a page's
 * own status messages stay the only ones.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div aria-live="polite" aria-atomic="true">
      {!online && (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900">
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
