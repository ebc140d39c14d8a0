import { NOTIFICATION_MESSAGES, type NotificationGroup } from '@pathwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMarkAllRead, useMarkGroupRead, useNotificationGroups } from '../api/queries';
import { NotificationGroupItem } from '../components/notification-group-item';

/**
 * The list, the unread filter and 'Mark All as Read'. Unread
 * notifications of one kind about one thing are one line (docs/features.md, "Grouped notifications").
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationGroups(unreadOnly);
  const markRead = useMarkGroupRead();
  const markAllRead = useMarkAllRead();

  const open = (group: NotificationGroup) => {
    if (!group.isRead) markRead.mutate(group);
  };

  return (
    <section aria-labelledby="notifications-heading" className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Notifications
        </h1>
        <div className="flex gap-2">
          <button
            type="button"
            aria-pressed={unreadOnly}
            onClick={() => setUnreadOnly((only) => !only)}
            className="btn-secondary aria-pressed:border-indigo-300 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800"
          >
            {unreadOnly ? 'Showing Unread' : 'Show All'}
          </button>
          <button type="button" onClick={() => markAllRead.mutate()} className="btn-primary">
            Mark All as Read
          </button>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        <Link to="/settings#settings-notifications" className="text-link">
          Choose which notifications you get
        </Link>
      </p>

      <PagedItems
        list={list}
        failure={
          <ErrorWithRetry onRetry={() => void list.refetch()}>
            {NOTIFICATION_MESSAGES.loadFailed}
          </ErrorWithRetry>
        }
        loadMoreFailure={NOTIFICATION_MESSAGES.loadFailed}
        className="mt-6"
      >
        {(groups) =>
          groups.length === 0 ? (
            <EmptyState
              title={
                unreadOnly
                  ? "You don't have any unread notifications"
                  : "You don't have any notifications yet"
              }
            />
          ) : (
            <ul
              aria-labelledby="notifications-heading"
              className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              {groups.map((group) => (
                <li key={group.key}>
                  <NotificationGroupItem group={group} onOpen={open} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}
