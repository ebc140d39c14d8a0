import {
  type BoardMember,
  GROUP_BOARD_SORT_DIRECTIONS,
  GROUP_BOARD_SORTS,
  GROUP_MESSAGES,
  type Group,
  type GroupBoard,
  type GroupBoardSort,
  type GroupPace,
  SORT_DIRECTIONS,
  skippedText,
  type TopicStatus,
} from '@pathwise/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { RelativeTime } from '../../../components/relative-time';
import { type BoardOrder, removeMember, setMemberRole } from '../api/groups-api';
import { useBoard, useGroupChange } from '../api/queries';

const STATUS_MARKS: Record<TopicStatus, { mark: string; label: string; className: string }> = {
  COMPLETED: { mark: '✓', label: 'done', className: 'bg-emerald-100 text-emerald-800' },
  IN_PROGRESS: { mark: '…', label: 'in progress', className: 'bg-amber-100 text-amber-800' },
  NOT_STARTED: { mark: '–', label: 'not started', className: 'bg-slate-100 text-slate-600' },
  SKIPPED: { mark: '↷', label: 'skipped', className: 'bg-slate-100 text-slate-500 line-through' },
};

const PACE_LABELS: Record<GroupPace, string> = { AHEAD: 'Ahead', ON_TRACK: 'On track', BEHIND: 'Behind' };

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The board's order from the page's URL (`?sort=progress&direction=desc`), so a reload or a shared link
 * keeps it; sorting a column again turns it the other way.
 */
function useBoardOrder(): [BoardOrder, (sort: GroupBoardSort | null) => void] {
  const [params, setParams] = useSearchParams();
  const sort = pick(GROUP_BOARD_SORTS, params.get('sort')) ?? 'role';
  const direction = pick(SORT_DIRECTIONS, params.get('direction')) ?? GROUP_BOARD_SORT_DIRECTIONS[sort];
  const sortBy = (next: GroupBoardSort | null) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.delete('sort');
        kept.delete('direction');
        if (next === null) return kept;
        const turned = direction === 'asc' ? 'desc' : 'asc';
        kept.set('sort', next);
        kept.set('direction', next === sort ? turned : GROUP_BOARD_SORT_DIRECTIONS[next]);
        return kept;
      },
      { replace: true },
    );
  return [{ sort, direction }, sortBy];
}

/** The progress board its members read: each member against every topic, sortable, a page at a time. */
export function ProgressBoard({ group }: { group: Group }) {
  const [page, setPage] = useState(0);
  const [order, sortBy] = useBoardOrder();
  const board = useBoard(group.id, page, order);
  if (board.isPending) return <Loading label="Loading the board..." />;
  if (!board.data) {
    return <ErrorWithRetry onRetry={() => board.refetch()}>{GROUP_MESSAGES.loadFailed}</ErrorWithRetry>;
  }
  const { members } = board.data;
  // A new order starts again from its first page.
  const sortFromStart = (sort: GroupBoardSort | null) => {
    setPage(0);
    sortBy(sort);
  };
  return (
    <section aria-labelledby="board-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="board-heading" className="text-lg font-semibold text-slate-900">
          Progress board
        </h2>
        {order.sort !== 'role' && (
          <button
            type="button"
            className="text-sm text-indigo-700 underline"
            onClick={() => sortFromStart(null)}
          >
            Organisers first
          </button>
        )}
      </div>
      {board.data.expectedCompleted !== null && (
        <p className="text-sm text-slate-600">
          The pace expects {board.data.expectedCompleted} of {board.data.topics.length} topics done by today.
        </p>
      )}
      {members.content.length === 0 ? (
        <p className="text-sm text-slate-600">{GROUP_MESSAGES.noMembers}</p>
      ) : (
        <BoardTable group={group} board={board.data} order={order} onSort={sortFromStart} />
      )}
      {members.totalPages > 1 && (
        <nav aria-label="Board pages" className="flex items-center gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={members.first}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span className="text-sm text-slate-600">
            Page {members.number + 1} of {members.totalPages}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={members.last}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

/** A column header that sorts the board: a button, with the order it holds said by `aria-sort`. */
function SortHeader({
  label,
  sort,
  order,
  onSort,
}: {
  label: string;
  sort: GroupBoardSort;
  order: BoardOrder;
  onSort: (sort: GroupBoardSort) => void;
}) {
  const sorted = order.sort === sort ? order.direction : null;
  return (
    <th
      scope="col"
      className="p-2"
      aria-sort={sorted === null ? undefined : sorted === 'asc' ? 'ascending' : 'descending'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 whitespace-nowrap rounded font-semibold hover:underline"
        onClick={() => onSort(sort)}
      >
        {label}
        <span aria-hidden="true" className={sorted === null ? 'text-slate-400' : undefined}>
          {sorted === null ? '↕' : sorted === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

function BoardTable({
  group,
  board,
  order,
  onSort,
}: {
  group: Group;
  board: GroupBoard;
  order: BoardOrder;
  onSort: (sort: GroupBoardSort) => void;
}) {
  const organiser = group.viewerRole === 'FOUNDER' || group.viewerRole === 'ORGANISER';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Each member against every topic of the plan</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <SortHeader label="Member" sort="name" order={order} onSort={onSort} />
            {board.topics.map((topic, index) => (
              <th key={topic.id} scope="col" className="p-2 font-medium" title={topic.title}>
                <span aria-hidden="true">{index + 1}</span>
                <span className="sr-only">{topic.title}</span>
              </th>
            ))}
            <SortHeader label="Done" sort="progress" order={order} onSort={onSort} />
            <th scope="col" className="p-2">
              Pace
            </th>
            <SortHeader label="Joined" sort="joined" order={order} onSort={onSort} />
            {organiser && (
              <th scope="col" className="p-2">
                <span className="sr-only">Manage</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {board.members.content.map((member) => (
            <MemberRow
              key={member.user.id}
              group={group}
              board={board}
              member={member}
              organiser={organiser}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberRow({
  group,
  board,
  member,
  organiser,
}: {
  group: Group;
  board: GroupBoard;
  member: BoardMember;
  organiser: boolean;
}) {
  const remove = useGroupChange(() => removeMember(group.id, member.user.id));
  const role = useGroupChange((next: 'ORGANISER' | 'MEMBER') =>
    setMemberRole(group.id, member.user.id, next),
  );
  const isFounder = member.role === 'FOUNDER';
  const roleAction = member.role === 'ORGANISER' ? 'Make member' : 'Make organiser';
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="p-2 text-left font-medium text-slate-900">
        <Link to={`/profile/${member.user.id}`} className="hover:underline">
          {member.user.name}
        </Link>
        {member.role !== 'MEMBER' && (
          <span className="ml-2 text-xs text-slate-600">{isFounder ? 'Founder' : 'Organiser'}</span>
        )}
      </th>
      {member.statuses.map((status, index) => {
        const shown = STATUS_MARKS[status];
        return (
          <td key={board.topics[index]?.id ?? index} className="p-2">
            <span
              className={`inline-block min-w-6 rounded px-1 text-center ${shown.className}`}
              aria-hidden="true"
            >
              {shown.mark}
            </span>
            <span className="sr-only">{shown.label}</span>
          </td>
        );
      })}
      {/* Skipped topics are not done: said as the plan cards say it. */}
      <td className="p-2 whitespace-nowrap text-slate-800">
        {member.completed}/{board.topics.length}
        {skippedText(member.skipped)}
      </td>
      <td className="p-2 text-slate-800">{member.pace ? PACE_LABELS[member.pace] : '—'}</td>
      <td className="p-2 whitespace-nowrap text-slate-600">
        <RelativeTime value={member.joinedAt} />
      </td>
      {organiser && (
        <td className="p-2 whitespace-nowrap">
          {!isFounder && group.viewerRole === 'FOUNDER' && (
            <button
              type="button"
              className="text-xs text-indigo-700 underline"
              disabled={role.isPending}
              onClick={() => role.mutate(member.role === 'ORGANISER' ? 'MEMBER' : 'ORGANISER')}
              aria-label={`${roleAction}: ${member.user.name}`}
            >
              {roleAction}
            </button>
          )}{' '}
          {!isFounder && (group.viewerRole === 'FOUNDER' || member.role === 'MEMBER') && (
            <button
              type="button"
              className="text-xs text-red-700 underline"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined)}
              aria-label={`Remove ${member.user.name}`}
            >
              Remove
            </button>
          )}
          {(remove.isError || role.isError) && <span role="alert">{GROUP_MESSAGES.actionFailed}</span>}
        </td>
      )}
    </tr>
  );
}
