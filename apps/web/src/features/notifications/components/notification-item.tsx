import type { Notification } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';

const ENTITY_PATHS: Record<string, string> = {
  post: '/post',
  comment: '/post',
  user: '/profile',
  'learning-plan': '/learning-plan',
};

/** Spec §2 "Notifications page": where a notification leads, or null for an entity type with no page. */
export function notificationLink({ entityType, entityId }: Notification): string | null {
  const base = ENTITY_PATHS[entityType];
  return base ? `${base}/${entityId}` : null;
}

type NotificationItemProps = { notification: Notification; onOpen: (notification: Notification) => void };

/** One notification; opening it (click or keyboard) marks it read and follows its link. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const link = notificationLink(notification);
  const body: ReactNode = (
    <>
      <Avatar src={notification.actor?.profilePicture} alt="" className="size-10" />
      <span className="min-w-0 flex-1">
        <span
          className={`block break-words ${notification.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
        >
          {notification.message}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">
          <RelativeTime value={notification.createdAt} />
        </span>
      </span>
      {!notification.isRead && (
        <span className="mt-2 size-2.5 shrink-0 rounded-full bg-indigo-600">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  );
  const classes = `flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 ${notification.isRead ? '' : 'bg-indigo-50/60'}`;

  return link ? (
    <Link to={link} onClick={() => onOpen(notification)} className={classes}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={() => onOpen(notification)} className={classes}>
      {body}
    </button>
  );
}
