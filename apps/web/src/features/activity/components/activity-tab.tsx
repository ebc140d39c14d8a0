import { ACTIVITY_MESSAGES, type Activity, type ActivityFeed } from '@pathwise/contract';
import { useState } from 'react';
import { Callout } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Spinner } from '../../../components/spinner';
import { type TabItem, Tabs } from '../../../components/tabs';
import { useActivityFeed } from '../api/activity-api';
import { sampleFeed } from '../sample-activity';
import { ActivityItem } from './activity-item';

/** The sub-tabs, with the filter values all, learning and social. */
const SUB_TABS: { feed: ActivityFeed; label: string }[] = [
  { feed: 'all', label: 'All Activity' },
  { feed: 'learning', label: 'Learning Progress' },
  { feed: 'social', label: 'Social Activity' },
];

/** The Activity tab of a profile: what the user has been doing, in three views. */
export function ActivityTab({ userId }: { userId: number }) {
  // One choice for the three views: asking for sample data once is enough.
  const [showSample, setShowSample] = useState(false);
  const tabs: TabItem[] = SUB_TABS.map(({ feed, label }) => ({
    key: feed,
    label,
    panel: <FeedPanel userId={userId} feed={feed} showSample={showSample} onShowSample={setShowSample} />,
  }));
  return <Tabs tabs={tabs} />;
}

type FeedPanelProps = {
  userId: number;
  feed: ActivityFeed;
  showSample: boolean;
  onShowSample: (show: boolean) => void;
};

function FeedPanel({ userId, feed, showSample, onShowSample }: FeedPanelProps) {
  const query = useActivityFeed(userId, feed);

  if (query.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-600">
        <Spinner className="size-5 text-indigo-600" />
        <span>Loading activity...</span>
      </div>
    );
  }
  const activities = query.data?.content ?? [];
  if (activities.length > 0) return <ActivityList activities={activities} />;

  // After a failure or an empty feed, sample data is offered, and shown only on request.
  return (
    <div className="space-y-4">
      {query.isError ? (
        <ErrorWithRetry onRetry={() => void query.refetch()}>{ACTIVITY_MESSAGES.loadFailed}</ErrorWithRetry>
      ) : (
        <EmptyState title="No activity yet" />
      )}
      {showSample ? (
        <>
          <Callout tone="warning">
            <p>{ACTIVITY_MESSAGES.sampleDataNote}</p>
            <button type="button" onClick={() => onShowSample(false)} className="text-link">
              Hide sample data
            </button>
          </Callout>
          <ActivityList activities={sampleFeed(userId, feed)} linked={false} />
        </>
      ) : (
        <div className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          <p>{ACTIVITY_MESSAGES.offerSampleData}</p>
          <button type="button" onClick={() => onShowSample(true)} className="btn-secondary mt-3">
            Show sample data
          </button>
        </div>
      )}
    </div>
  );
}

function ActivityList({ activities, linked }: { activities: Activity[]; linked?: boolean }) {
  return (
    <ul aria-label="Activity" className="space-y-3">
      {activities.map((activity) => (
        <li key={activity.id}>
          <ActivityItem activity={activity} linked={linked} />
        </li>
      ))}
    </ul>
  );
}
