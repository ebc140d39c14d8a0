import type { CategoryStat } from '@pathwise/contract';
import type { TooltipItem } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPercent } from '../../../lib/format';
import { categoryChart } from './category-chart';
import { ChartCard } from './chart-card';
import { baseOptions, type ColorOf } from './chart-setup';

const options = {
  ...baseOptions,
  plugins: {
    legend: { display: false },
    tooltip: {
      enabled: true,
      callbacks: {
        label: (item: TooltipItem<'bar'>) => `Completion rate: ${formatPercent(item.parsed.y ?? 0)}`,
      },
    },
  },
  // The axis always runs from 0 to 100.
  scales: { y: { min: 0, max: 100, ticks: { callback: (value: string | number) => `${value}%` } } },
};

/** The mean completion of each category's plans. */
export function CompletionRateChart({ stats, colorOf }: { stats: CategoryStat[]; colorOf: ColorOf }) {
  const { data, table, summary } = categoryChart(stats, colorOf, {
    label: 'Completion rate (%)',
    value: (stat) => stat.completionRate,
    columns: ['Completion rate'],
    cells: (stat) => [formatPercent(stat.completionRate)],
    kind: 'Bar chart of the completion rate per category',
  });
  return (
    <ChartCard title="Completion Rate by Category" table={table} summary={summary}>
      {(canvas) => <Bar data={data} options={options} {...canvas} />}
    </ChartCard>
  );
}
