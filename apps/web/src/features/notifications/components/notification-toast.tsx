import type { Notification } from '@pathwise/contract';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/icons';

const SHOWN_MS = 8_000;

type NotificationToastProps = { notification: Notification | null; onDismiss: () => void };

/**
 * A new live notification, shown for a few seconds at the corner and announced by screen readers.
 * The live region stays in the page while empty: readers only announce changes to a region they
 * already know. It is drawn in <body>, not where the bell is: the top bar's backdrop blur makes the
 * bar the box `fixed` is placed in, which put the toast over the bar's own buttons.
 */
export function NotificationToast({ notification, onDismiss }: NotificationToastProps) {
  useEffect(() => {
    if (!notification) return;
    const timer = setTimeout(onDismiss, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notification, onDismiss]);

  return createPortal(
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex justify-end sm:left-auto"
    >
      {notification && (
        <div className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p className="min-w-0 flex-1 break-words">
            <span className="sr-only">New notification: </span>
            {notification.message}
          </p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss notification"
            className="-m-1 rounded p-1 text-slate-300 hover:text-white"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
