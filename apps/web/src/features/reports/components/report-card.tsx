import {
  GROUP_POST_REMOVAL_MESSAGES,
  HIDEABLE_TARGET_TYPES,
  type HideableTargetType,
  type ModerationReport,
  REPORT_REASON_LABELS,
  type ReportTargetType,
} from '@pathwise/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { RelativeTime } from '../../../components/relative-time';
import { SuspendAccountButton } from '../../../components/suspend-account-button';
import { serverMessageOr } from '../../../lib/api-client';
import { useRemoveGroupPost } from '../api/content-moderation-api';
import { useCloseReport } from '../api/moderation-api';
import { HideControls } from './hide-controls';
import { RemoteFollowerServers } from './remote-follower-servers';

const TARGET_LABELS: Record<ModerationReport['targetType'], string> = {
  POST: 'Post',
  COMMENT: 'Comment',
  LEARNING_PLAN: 'Learning plan',
  USER: 'User',
  GROUP: 'Study group',
  GROUP_POST: 'Post in a study group',
  REMOTE_ACCOUNT: 'Someone on another server',
};
const hideable = (type: ReportTargetType): type is HideableTargetType =>
  (HIDEABLE_TARGET_TYPES as readonly string[]).includes(type);

const STATUS_LABELS: Record<ModerationReport['status'], string> = {
  OPEN: 'Open',
  RESOLVED: 'Resolved',
  DISMISSED: 'Dismissed',
};

/** One report: what, why, who and when; an open one can be resolved or dismissed with a note. */
export function ReportCard({ report }: { report: ModerationReport }) {
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const close = useCloseReport();
  const remove = useRemoveGroupPost();
  const closeAs = (outcome: 'RESOLVED' | 'DISMISSED') => {
    if (!close.isPending) close.mutate({ reportId: report.id, outcome, note });
  };
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {TARGET_LABELS[report.targetType]}:{' '}
          {report.target ? (
            <Link to={report.target.path} className="text-link">
              {report.target.summary}
            </Link>
          ) : (
            <span className="font-normal text-slate-600">deleted since</span>
          )}
        </h2>
        <span className="text-sm text-slate-600">
          {STATUS_LABELS[report.status]} · reported <RelativeTime value={report.createdAt} />
          {report.reporter && <> by {report.reporter.name}</>}
          {report.fromServer && <> by {report.fromServer}, anonymously</>}
        </span>
      </header>
      {report.target?.remote && (
        <p className="text-sm text-slate-700">
          <span className="break-all">{report.target.remote.handle}</span> ·{' '}
          <a
            href={report.target.remote.profileUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-link"
          >
            Their profile there<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {report.forwarded && <> · An anonymous copy was sent to their server.</>}
        </p>
      )}
      {report.targetType === 'USER' && report.target && !report.target.remote && (
        <RemoteFollowerServers userId={report.target.id} />
      )}
      {report.target && hideable(report.targetType) && (
        <HideControls
          target={{ type: report.targetType, id: report.target.id }}
          moderation={report.target.moderation}
        />
      )}
      <p className="text-slate-800">
        <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
        {report.details && <span className="text-slate-700"> — {report.details}</span>}
      </p>
      {report.status === 'OPEN' ? (
        <div className="space-y-2">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
            Note for the log <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-slate-900"
          />
          {close.isError && (
            <ErrorBox>{serverMessageOr(close.error, 'The report could not be closed.')}</ErrorBox>
          )}
          {remove.isError && (
            <ErrorBox>{serverMessageOr(remove.error, GROUP_POST_REMOVAL_MESSAGES.failed)}</ErrorBox>
          )}
          <div className="flex flex-wrap gap-2">
            <BusyButton
              type="button"
              busy={close.isPending}
              onClick={() => closeAs('RESOLVED')}
              className="btn-primary"
            >
              Resolve
            </BusyButton>
            <BusyButton
              type="button"
              busy={close.isPending}
              onClick={() => closeAs('DISMISSED')}
              className="btn-secondary"
            >
              Dismiss
            </BusyButton>
            {report.targetType === 'GROUP_POST' && report.target && (
              <BusyButton
                type="button"
                busy={remove.isPending}
                onClick={() => remove.mutate({ postId: report.target!.id, note })}
                className="btn-secondary text-red-700"
              >
                {remove.isPending ? GROUP_POST_REMOVAL_MESSAGES.removing : GROUP_POST_REMOVAL_MESSAGES.remove}
              </BusyButton>
            )}
            {/* Suspending resolves the account's open reports, this one among them. */}
            {report.targetType === 'USER' && report.target && (
              <SuspendAccountButton
                userId={report.target.id}
                name={report.target.summary}
                suspended={false}
              />
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {STATUS_LABELS[report.status]}
          {report.closedBy && <> by {report.closedBy.name}</>}
          {report.closedAt && (
            <>
              {' '}
              <RelativeTime value={report.closedAt} />
            </>
          )}
          {report.note && <>: {report.note}</>}
        </p>
      )}
    </article>
  );
}
