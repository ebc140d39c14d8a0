import type { DailyActivity } from '@pathwise/contract';
import type { TooltipItem } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { dayLabel, formatMinutes, fullDayLabel } from '../analytics-display';
import { ChartCard } from './chart-card';
import { PALETTE, withTooltips } from './chart-setup';

const RESOURCES = 'Resources completed';
const MINUTES = 'Estimated minutes spent';

const resourceCount = (count: number) => (count === 1 ? '1 resource' : `${count} resources`);

/** The range, its totals and its busiest day in one sentence, for the chart's screen reader name. */
export function timelineSummary(days: DailyActivity[]): string {
  const first = days[0];
  const last = days.at(-1);
  const opening = 'Line chart of the resources completed and estimated time spent per day';
  if (!first || !last) return `${opening}.`;
  const range = `${opening}, ${fullDayLabel(first.date)} to ${fullDayLabel(last.date)}`;
  const resources = days.reduce((sum, day) => sum + day.resourcesCompleted, 0);
  const minutes = days.reduce((sum, day) => sum + day.minutesSpent, 0);
  if (resources === 0 && minutes === 0) return `${range}: nothing completed.`;
  // The first of the busiest days, so ties name the earliest.
  const busiest = days.reduce((best, day) => (day.resourcesCompleted > best.resourcesCompleted ? day : best));
  return `${range}: ${resourceCount(resources)}, ${formatMinutes(minutes)} in all; the most on ${fullDayLabel(
    busiest.date,
  )}, ${resourceCount(busiest.resourcesCompleted)}.`;
}

/** Resources completed per day (left axis) and estimated minutes spent (right axis). */
export function ActivityTimelineChart({ days }: { days: DailyActivity[] }) {
  const data = {
    labels: days.map((day) => dayLabel(day.date)),
    datasets: [
      {
        label: RESOURCES,
        data: days.map((day) => day.resourcesCompleted),
        borderColor: PALETTE[0],
        backgroundColor: PALETTE[0],
        yAxisID: 'y',
      },
      {
        label: MINUTES,
        data: days.map((day) => day.minutesSpent),
        borderColor: PALETTE[1],
        backgroundColor: PALETTE[1],
        yAxisID: 'y1',
      },
    ],
  };
  const options = {
    ...withTooltips({
      // The whole date, not the axis's short one.
      title: ([item]: TooltipItem<'line'>[]) => (item ? fullDayLabel(days[item.dataIndex]!.date) : ''),
      // Time reads 'Xh Ym' or 'Ym'.
      label: ({ dataset, parsed }: TooltipItem<'line'>) =>
        `${dataset.label}: ${dataset.yAxisID === 'y1' ? formatMinutes(parsed.y ?? 0) : parsed.y}`,
    }),
    interaction: { mode: 'index' as const, intersect: false },
    scales: {
      y: {
        position: 'left' as const,
        min: 0,
        ticks: { precision: 0 },
        title: { display: true, text: RESOURCES },
      },
      y1: {
        position: 'right' as const,
        min: 0,
        grid: { drawOnChartArea: false },
        title: { display: true, text: MINUTES },
      },
    },
  };
  const table = {
    columns: ['Date', RESOURCES, 'Estimated time spent'],
    rows: days.map((day) => [
      fullDayLabel(day.date),
      day.resourcesCompleted,
      formatMinutes(day.minutesSpent),
    ]),
  };
  return (
    <ChartCard
      title="Learning Activity Timeline"
      note="Time is estimated from the resources you completed."
      table={table}
      summary={timelineSummary(days)}
    >
      {(canvas) => <Line data={data} options={options} {...canvas} />}
    </ChartCard>
  );
}
