import type { CategoryStat } from '@pathwise/contract';
import { Pie } from 'react-chartjs-2';
import { formatPlanCount } from '../analytics-display';
import { categoryChart, loneCategoryFigure } from './category-chart';
import { ChartCard } from './chart-card';
import { baseOptions, type ColorOf } from './chart-setup';

/** How many of the learning plans fall in each category. */
export function CategoryBreakdownChart({ stats, colorOf }: { stats: CategoryStat[]; colorOf: ColorOf }) {
  const { data, table } = categoryChart(stats, colorOf, {
    label: 'Learning plans',
    value: (stat) => stat.count,
    columns: ['Learning plans'],
    cells: (stat) => [stat.count],
  });
  return (
    <ChartCard
      title="Category Breakdown"
      table={table}
      figure={loneCategoryFigure(stats, (stat) => formatPlanCount(stat.count))}
    >
      <Pie data={data} options={baseOptions} />
    </ChartCard>
  );
}
