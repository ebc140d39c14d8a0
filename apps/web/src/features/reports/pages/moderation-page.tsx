import {
  CONTENT_MODERATION_ACTION_LABELS,
  DOMAIN_BLOCK_MESSAGES,
  type ModerationAction,
} from '@pathwise/contract';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { Tabs } from '../../../components/tabs';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { type QueueStatus, useModerationLog, useReports } from '../api/moderation-api';
import { BlockedServers } from '../components/blocked-servers';
import { ReportCard } from '../components/report-card';

const LOAD_FAILED = 'The reports could not be loaded.';

function ReportQueue({ status }: { status: QueueStatus }) {
  const list = useReports(status);
  return (
    <PagedItems
      list={list}
      failure={<ErrorWithRetry onRetry={() => list.refetch()}>{LOAD_FAILED}</ErrorWithRetry>}
      loadMoreFailure={LOAD_FAILED}
      className="space-y-4"
    >
      {(reports) =>
        reports.length === 0 ? (
          <EmptyState title={status === 'open' ? 'No open reports' : 'No closed reports yet'}>
            {status === 'open' && <p>When someone reports a post, comment, plan or person, it shows here.</p>}
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {reports.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}

const ACTION_LABELS: Record<ModerationAction['action'], string> = {
  REPORT_RESOLVED: 'resolved report',
  REPORT_DISMISSED: 'dismissed report',
  ...CONTENT_MODERATION_ACTION_LABELS,
  GROUP_POST_REMOVED: 'removed post in a study group',
  SUSPENDED: 'suspended user',
  UNSUSPENDED: 'unsuspended user',
  DOMAIN_BLOCKED: 'blocked server',
  DOMAIN_UNBLOCKED: 'unblocked server',
};

function ModerationLog() {
  const list = useModerationLog();
  return (
    <PagedItems
      list={list}
      failure={<ErrorWithRetry onRetry={() => list.refetch()}>The log could not be loaded.</ErrorWithRetry>}
      loadMoreFailure="The log could not be loaded."
      className="space-y-4"
    >
      {(actions) =>
        actions.length === 0 ? (
          <EmptyState title="Nothing done yet" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {actions.map((action) => (
              <li key={action.id} className="px-4 py-3 text-sm text-slate-800">
                <span className="font-medium">{action.moderator?.name ?? 'A former moderator'}</span>{' '}
                {ACTION_LABELS[action.action]}{' '}
                {action.domain ?? `#${action.reportId ?? action.targetId ?? '—'}`}{' '}
                <RelativeTime value={action.createdAt} className="text-slate-600" />
                {action.note && <p className="mt-0.5 text-slate-600">{action.note}</p>}
              </li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}

const TABS = [
  { key: 'open', label: 'Open reports', panel: () => <ReportQueue status="open" /> },
  { key: 'closed', label: 'Closed', panel: () => <ReportQueue status="closed" /> },
  { key: 'log', label: 'Moderation log', panel: () => <ModerationLog /> },
  { key: 'servers', label: DOMAIN_BLOCK_MESSAGES.tabLabel, panel: () => <BlockedServers /> },
];

/** /moderation: the reports queue, the log and the blocked servers, for the accounts in ADMIN_EMAILS. */
export function ModerationPage() {
  useDocumentTitle('Moderation');
  const me = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedIndex = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === searchParams.get('tab')),
  );
  return (
    <section aria-labelledby="moderation-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="moderation-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Moderation
      </h1>
      {me.isModerator ? (
        <Tabs
          tabs={TABS.map((tab) => ({ key: tab.key, label: tab.label, panel: tab.panel() }))}
          selectedIndex={selectedIndex}
          onChange={(index) => setSearchParams({ tab: TABS[index]!.key }, { replace: true })}
        />
      ) : (
        <EmptyState title="Only moderators can see this page" />
      )}
    </section>
  );
}
