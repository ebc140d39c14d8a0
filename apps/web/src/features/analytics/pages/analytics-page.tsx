import { ANALYTICS_MESSAGES } from '@pathwise/contract';
import { useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { Loading } from '../../../components/loading';
import { useDocumentTitle } from '../../../lib/document-title';
import { defaultRange, rangeProblem, readerTimeZone } from '../analytics-display';
import { useAnalytics } from '../api/queries';
import { Dashboard } from '../components/dashboard';
import { type DateRange, DateRangeFilter } from '../components/date-range-filter';

/** /analytics: the signed-in user's figures for a date range, the last 30 days at first. */
export function AnalyticsPage() {
  useDocumentTitle('Learning analytics');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const problem = rangeProblem(range.startDate, range.endDate);
  const analytics = useAnalytics({ ...range, timeZone: readerTimeZone() }, problem === null);

  // The error replaces the page.
  if (analytics.isError) return <ErrorBox>{ANALYTICS_MESSAGES.loadFailed}</ErrorBox>;

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Learning Analytics Dashboard
        </h1>
        <p className="mt-2 text-slate-600">
          Track your learning progress and gain insights into your study habits.
        </p>
      </header>
      <DateRangeFilter range={range} onChange={setRange} problem={problem} />
      {problem === null &&
        (analytics.data ? (
          <div aria-busy={analytics.isPlaceholderData}>
            {analytics.isPlaceholderData && (
              <p role="status" className="mb-4 text-sm text-slate-500">
                Loading...
              </p>
            )}
            <Dashboard analytics={analytics.data} />
          </div>
        ) : (
          <Loading />
        ))}
    </div>
  );
}
