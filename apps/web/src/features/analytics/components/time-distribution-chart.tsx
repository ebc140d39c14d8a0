import type { TimeByCategory } from '@pathwise/contract';
import type { TooltipItem } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { formatPercent } from '../../../lib/format';
import { formatMinutes } from '../analytics-display';
import { categoryChart, loneCategoryFigure } from './category-chart';
import { ChartCard } from './chart-card';
import { type ColorOf, withTooltips } from './chart-setup';

/** Estimated time spent on each category, with its share of the whole. */
export function TimeDistributionChart({ times, colorOf }: { times: TimeByCategory[]; colorOf: ColorOf }) {
  const total = times.reduce((sum, time) => sum + time.timeSpent, 0);
  const share = (minutes: number) => formatPercent((minutes * 100) / total);
  const { data, table, summary } = categoryChart(times, colorOf, {
    label: 'Estimated time',
    value: (time) => time.timeSpent,
    columns: ['Estimated time', 'Share'],
    cells: (time) => [formatMinutes(time.timeSpent), share(time.timeSpent)],
    kind: 'Doughnut chart of the estimated time per category',
  });
  const options = withTooltips({
    label: (item: TooltipItem<'doughnut'>) =>
      `${item.label}: ${formatMinutes(item.parsed)} (${share(item.parsed)})`,
  });
  return (
    <ChartCard
      title="Time Distribution by Category"
      note="Estimated from the resources you completed in this period."
      table={table}
      summary={summary}
      figure={loneCategoryFigure(times, (time) => formatMinutes(time.timeSpent))}
    >
      {(canvas) => <Doughnut data={data} options={options} {...canvas} />}
    </ChartCard>
  );
}
