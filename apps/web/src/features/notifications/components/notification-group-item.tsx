import { type NotificationGroup, notificationPath } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';

/** Where a notification leads (the contract's map, as push uses), or null for a type with no page. */
export function notificationLink({
  entityType,
  entityId,
}: Pick<NotificationGroup, 'entityType' | 'entityId'>) {
  return notificationPath(entityType, entityId);
}

/** The faces of the group's latest people, overlapping; the sentence next to them names them. */
function Faces({ actors }: { actors: NotificationGroup['actors'] }) {
  if (actors.length <= 1) return <Avatar src={actors[0]?.profilePicture} alt="" className="size-10" />;
  return (
    <span className="flex shrink-0 -space-x-4">
      {actors.map((actor) => (
        <Avatar key={actor.id} src={actor.profilePicture} alt="" className="size-10 ring-2 ring-white" />
      ))}
    </span>
  );
}

type NotificationGroupItemProps = { group: NotificationGroup; onOpen: (group: NotificationGroup) => void };

/** One line of notifications ("Ann Lee and 3 others liked your post"); opening it marks all of it read. */
export function NotificationGroupItem({ group, onOpen }: NotificationGroupItemProps) {
  const link = notificationLink(group);
  const body: ReactNode = (
    <>
      <Faces actors={group.actors} />
      <span className="min-w-0 flex-1">
        <span
          className={`block break-words ${group.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
        >
          {group.message}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">
          <RelativeTime value={group.latestAt} />
        </span>
      </span>
      {!group.isRead && (
        <span className="mt-2 size-2.5 shrink-0 rounded-full bg-indigo-600">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  );
  const classes =
    'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 ' +
    `${group.isRead ? '' : 'bg-indigo-50/60'}`;

  return link ? (
    <Link to={link} onClick={() => onOpen(group)} className={classes}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={() => onOpen(group)} className={classes}>
      {body}
    </button>
  );
}
