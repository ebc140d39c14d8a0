import type { Analytics } from '@pathwise/contract';
import { memo } from 'react';
import { ActivityTimelineChart } from './activity-timeline-chart';
import { CategoryBreakdownChart } from './category-breakdown-chart';
import { categoryColors } from './chart-setup';
import { CompletionRateChart } from './completion-rate-chart';
import { LearningStatistics } from './learning-statistics';
import { PlanProgressList } from './plan-progress-list';
import { SummaryCards } from './summary-cards';
import { TimeDistributionChart } from './time-distribution-chart';

/**
 * Everything under the date filter, always all of it: someone with no plan yet sees zeros, empty
 * charts and N/A, with the way to a first plan in the plans' list. Memoised: typing a date re-renders
 * the page, and the charts must not redraw until new figures arrive.
 */
export const Dashboard = memo(function Dashboard({ analytics }: { analytics: Analytics }) {
  // Time is only ever spent on counted plans, so every category of the time chart is among these.
  const colorOf = categoryColors(analytics.categoryStats.map((stat) => stat.category));
  return (
    <div className="space-y-8">
      <SummaryCards summary={analytics.summary} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ActivityTimelineChart days={analytics.dailyActivity} />
        <CategoryBreakdownChart stats={analytics.categoryStats} colorOf={colorOf} />
        <TimeDistributionChart times={analytics.timeByCategory} colorOf={colorOf} />
        <CompletionRateChart stats={analytics.categoryStats} colorOf={colorOf} />
      </div>
      <PlanProgressList plans={analytics.learningPlans} />
      <LearningStatistics stats={analytics.learningStats} summary={analytics.summary} />
    </div>
  );
});
