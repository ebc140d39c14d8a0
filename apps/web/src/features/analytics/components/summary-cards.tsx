import type { AnalyticsSummary } from '@pathwise/contract';
import { ProgressBar } from '../../../components/progress-bar';
import { formatPercent } from '../../../lib/format';

const share = (done: number, total: number) => (total === 0 ? 0 : (done * 100) / total);

/** Learning Plans, Topics and Resources as completed/total, and the completion rate. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const cards = [
    {
      title: 'Learning Plans',
      value: `${summary.completedLearningPlans}/${summary.totalLearningPlans}`,
      percent: share(summary.completedLearningPlans, summary.totalLearningPlans),
    },
    {
      title: 'Topics',
      value: `${summary.completedTopics}/${summary.totalTopics}`,
      percent: share(summary.completedTopics, summary.totalTopics),
    },
    {
      title: 'Resources',
      value: `${summary.completedResources}/${summary.totalResources}`,
      percent: share(summary.completedResources, summary.totalResources),
    },
    {
      title: 'Completion Rate',
      value: formatPercent(summary.averageCompletionRate),
      percent: summary.averageCompletionRate,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div
          key={card.title}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <dt className="text-sm font-medium text-slate-500">{card.title}</dt>
          <dd className="mt-1">
            <span className="text-2xl font-semibold text-slate-900">{card.value}</span>
            <ProgressBar value={card.percent} label={`${card.title}: ${card.value}`} className="mt-3" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
