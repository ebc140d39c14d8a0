import { ANALYTICS_MESSAGES, type AnalyticsSummary, type LearningStats } from '@pathwise/contract';
import { formatDayCount, hoursInZone, readerTimeZone } from '../analytics-display';

const orNotAvailable = (value: string | null) => value || ANALYTICS_MESSAGES.notAvailable;

/** 'Learning Statistics': completion times in days, when the user learns, and how regularly. */
export function LearningStatistics({ stats, summary }: { stats: LearningStats; summary: AnalyticsSummary }) {
  const days = (value: number | null) => (value === null ? null : formatDayCount(value));
  const rows = [
    ['Average Completion Time', orNotAvailable(days(stats.averageCompletionTime))],
    ['Fastest Completion Time', orNotAvailable(days(stats.fastestCompletionTime))],
    ['Most Active Days', orNotAvailable(stats.mostActiveDays.join(', '))],
    [
      'Most Active Hours',
      orNotAvailable(stats.mostActiveHours && hoursInZone(stats.mostActiveHours, readerTimeZone())),
    ],
    ['Learning Days', formatDayCount(summary.learningDays)],
    ['Longest Streak', formatDayCount(summary.longestStreak)],
  ];
  return (
    <section
      aria-labelledby="learning-statistics-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id="learning-statistics-title" className="px-4 py-5 text-lg font-semibold text-slate-900 sm:px-6">
        Learning Statistics
      </h2>
      <dl className="divide-y divide-slate-200 border-t border-slate-200">
        {rows.map(([term, value]) => (
          <div key={term} className="px-4 py-4 sm:grid sm:grid-cols-3 sm:gap-4 sm:px-6">
            <dt className="text-sm font-medium text-slate-500">{term}</dt>
            <dd className="mt-1 text-sm text-slate-900 sm:col-span-2 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
