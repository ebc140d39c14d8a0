import type { CategoryStat } from '@pathwise/contract';
import type { TooltipItem } from 'chart.js';
import { Pie } from 'react-chartjs-2';
import { formatPlanCount } from '../analytics-display';
import { categoryChart, loneCategoryFigure } from './category-chart';
import { ChartCard } from './chart-card';
import { type ColorOf, withTooltips } from './chart-setup';

// A pie's tooltip has no title: each label names its category.
const options = withTooltips({
  label: (item: TooltipItem<'pie'>) => `${item.label}: ${formatPlanCount(item.parsed)}`,
});

/** How many of the learning plans fall in each category. */
export function CategoryBreakdownChart({ stats, colorOf }: { stats: CategoryStat[]; colorOf: ColorOf }) {
  const { data, table, summary } = categoryChart(stats, colorOf, {
    label: 'Learning plans',
    value: (stat) => stat.count,
    columns: ['Learning plans'],
    cells: (stat) => [stat.count],
    kind: 'Pie chart of learning plans per category',
  });
  return (
    <ChartCard
      title="Category Breakdown"
      table={table}
      summary={summary}
      figure={loneCategoryFigure(stats, (stat) => formatPlanCount(stat.count))}
    >
      {(canvas) => <Pie data={data} options={options} {...canvas} />}
    </ChartCard>
  );
}
