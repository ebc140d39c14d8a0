import type { Notification } from '@pathwise/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons';
import { useUnreadCount } from '../api/queries';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationToast } from './notification-toast';

/** The bell links to /notifications; its badge shows only a count above 0, '9+' above 9. */
export function NotificationBell() {
  const [latest, setLatest] = useState<Notification | null>(null);
  const dismiss = useCallback(() => setLatest(null), []);
  useNotificationStream(setLatest);
  const { data: count } = useUnreadCount();
  const unread = typeof count === 'number' && count > 0 ? count : 0;
  const shown = unread > 9 ? '9+' : String(unread);

  return (
    <>
      <NotificationToast notification={latest} onDismiss={dismiss} />
      <Link
        to="/notifications"
        // The name says what the badge shows (voice control users speak what they see).
        aria-label={unread > 0 ? `Notifications, ${shown} unread` : 'Notifications'}
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100"
      >
        <BellIcon className="size-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {shown}
          </span>
        )}
      </Link>
    </>
  );
}
