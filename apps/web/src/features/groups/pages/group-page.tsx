import {
  type BoardMember,
  GROUP_MESSAGES,
  type Group,
  type GroupBoard,
  type GroupPace,
  type TopicStatus,
} from '@pathwise/contract';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ReportButton } from '../../../components/report-button';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import {
  joinGroup,
  leaveGroup,
  removeMember,
  renewInvite,
  revokeInvite,
  setMemberRole,
} from '../api/groups-api';
import { useBoard, useGroup, useGroupChange } from '../api/queries';
import { GroupActivity } from '../components/group-activity';
import { GroupDiscussion } from '../components/group-discussion';

const STATUS_MARKS: Record<TopicStatus, { mark: string; label: string; className: string }> = {
  COMPLETED: { mark: '✓', label: 'done', className: 'bg-emerald-100 text-emerald-800' },
  IN_PROGRESS: { mark: '…', label: 'in progress', className: 'bg-amber-100 text-amber-800' },
  NOT_STARTED: { mark: '–', label: 'not started', className: 'bg-slate-100 text-slate-600' },
  SKIPPED: { mark: '↷', label: 'skipped', className: 'bg-slate-100 text-slate-500 line-through' },
};

const PACE_LABELS: Record<GroupPace, string> = { AHEAD: 'Ahead', ON_TRACK: 'On track', BEHIND: 'Behind' };

/**
 * /groups/:id (an invite link adds `?invite=`): the group, joining and leaving, the organisers' invite link,
 * and the progress board its members read (docs/features.md, "Study groups").
 */
export function GroupPage() {
  const id = Number(useParams().groupId);
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const group = useGroup(id, invite);
  useDocumentTitle(group.data ? `Study group: ${group.data.name}` : 'Study group');

  if (group.isPending) return <Loading />;
  if (!group.data) {
    if (group.error instanceof ApiError && group.error.status === 404) {
      return <EmptyState title={GROUP_MESSAGES.groupNotFound}>{null}</EmptyState>;
    }
    return <ErrorWithRetry onRetry={() => group.refetch()}>{GROUP_MESSAGES.loadFailed}</ErrorWithRetry>;
  }
  return <GroupDetail group={group.data} invite={invite} />;
}

function GroupDetail({ group, invite }: { group: Group; invite: string | null }) {
  const join = useGroupChange(() => joinGroup(group.id, invite));
  const leave = useGroupChange(() => leaveGroup(group.id));
  const failed = join.isError || leave.isError;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{group.name}</h1>
        <p className="text-sm text-slate-600">
          A {group.isPublic ? 'public' : 'invite-only'} study group on{' '}
          <Link to={`/learning-plan/${group.plan.id}`} className="font-medium text-indigo-700 underline">
            {group.plan.title}
          </Link>
          , started by {group.founder.name} · {group.memberCount}{' '}
          {group.memberCount === 1 ? 'member' : 'members'}
          {group.topicsPerWeek !== null && ` · ${group.topicsPerWeek} topics a week`}
          {group.startDate !== null && ` from ${group.startDate}`}
        </p>
        {group.description && <p className="text-slate-800">{group.description}</p>}
        <div className="flex flex-wrap gap-2">
          {group.viewerRole === null && (
            <button
              type="button"
              className="btn-primary"
              disabled={join.isPending}
              onClick={() => join.mutate()}
            >
              Join the group
            </button>
          )}
          {(group.viewerRole === 'MEMBER' || group.viewerRole === 'ORGANISER') && (
            <button
              type="button"
              className="btn-secondary"
              disabled={leave.isPending}
              onClick={() => leave.mutate()}
            >
              Leave the group
            </button>
          )}
          {group.viewerRole !== 'FOUNDER' && (
            <ReportButton
              target={{ type: 'GROUP', id: group.id, label: 'study group' }}
              className="ml-auto"
            />
          )}
        </div>
        {failed && <ErrorBox>{(join.error ?? leave.error)?.message ?? GROUP_MESSAGES.actionFailed}</ErrorBox>}
      </header>
      {(group.viewerRole === 'FOUNDER' || group.viewerRole === 'ORGANISER') && <InviteLink group={group} />}
      {group.viewerRole !== null && <Board group={group} />}
      {group.viewerRole !== null && <GroupActivity group={group} />}
      {group.viewerRole !== null && <GroupDiscussion group={group} />}
    </div>
  );
}

function InviteLink({ group }: { group: Group }) {
  const renew = useGroupChange(() => renewInvite(group.id));
  const revoke = useGroupChange(() => revokeInvite(group.id));
  const link =
    group.inviteToken &&
    `${window.location.origin}/groups/${group.id}?invite=${encodeURIComponent(group.inviteToken)}`;
  return (
    <section
      aria-labelledby="invite-heading"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="invite-heading" className="font-semibold text-slate-900">
        Invite link
      </h2>
      {link ? (
        <input
          readOnly
          aria-label="Invite link"
          value={link}
          onFocus={(event) => event.target.select()}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
      ) : (
        <p className="text-sm text-slate-600">{GROUP_MESSAGES.inviteRevoked}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={renew.isPending}
          onClick={() => renew.mutate()}
        >
          {link ? 'Make a new link' : 'Make a link'}
        </button>
        {link && (
          <button
            type="button"
            className="btn-secondary"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            Revoke the link
          </button>
        )}
      </div>
      {(renew.isError || revoke.isError) && <ErrorBox>{GROUP_MESSAGES.actionFailed}</ErrorBox>}
    </section>
  );
}

function Board({ group }: { group: Group }) {
  const [page, setPage] = useState(0);
  const board = useBoard(group.id, page, true);
  if (board.isPending) return <Loading label="Loading the board..." />;
  if (!board.data) {
    return <ErrorWithRetry onRetry={() => board.refetch()}>{GROUP_MESSAGES.loadFailed}</ErrorWithRetry>;
  }
  const { members } = board.data;
  return (
    <section aria-labelledby="board-heading" className="space-y-3">
      <h2 id="board-heading" className="text-lg font-semibold text-slate-900">
        Progress board
      </h2>
      {board.data.expectedCompleted !== null && (
        <p className="text-sm text-slate-600">
          The pace expects {board.data.expectedCompleted} of {board.data.topics.length} topics done by today.
        </p>
      )}
      {members.content.length === 0 ? (
        <p className="text-sm text-slate-600">{GROUP_MESSAGES.noMembers}</p>
      ) : (
        <BoardTable group={group} board={board.data} />
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

function BoardTable({ group, board }: { group: Group; board: GroupBoard }) {
  const organiser = group.viewerRole === 'FOUNDER' || group.viewerRole === 'ORGANISER';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Each member against every topic of the plan</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="p-2">
              Member
            </th>
            {board.topics.map((topic, index) => (
              <th key={topic.id} scope="col" className="p-2 font-medium" title={topic.title}>
                <span aria-hidden="true">{index + 1}</span>
                <span className="sr-only">{topic.title}</span>
              </th>
            ))}
            <th scope="col" className="p-2">
              Done
            </th>
            <th scope="col" className="p-2">
              Pace
            </th>
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
      <td className="p-2 text-slate-800">
        {member.completed}/{board.topics.length}
      </td>
      <td className="p-2 text-slate-800">{member.pace ? PACE_LABELS[member.pace] : '—'}</td>
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
