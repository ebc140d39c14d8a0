import { GROUP_MESSAGES, type Group } from '@pathwise/contract';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ReportButton } from '../../../components/report-button';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { joinGroup, leaveGroup, renewInvite, revokeInvite } from '../api/groups-api';
import { useGroup, useGroupChange } from '../api/queries';
import { GroupActivity } from '../components/group-activity';
import { GroupDiscussion } from '../components/group-discussion';
import { GroupRemovals } from '../components/group-removals';
import { ProgressBoard } from '../components/progress-board';

/**
 * /groups/:id (an invite link adds `?invite=`, a sorted board `?sort=&direction=`): the group, joining and
 * leaving, the organisers' invite link and removed people, and the progress board its members read
 * (docs/features.md, "Study groups").
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
  const organiser = group.viewerRole === 'FOUNDER' || group.viewerRole === 'ORGANISER';
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
      {organiser && <InviteLink group={group} />}
      {group.viewerRole !== null && <ProgressBoard group={group} />}
      {organiser && <GroupRemovals group={group} />}
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
