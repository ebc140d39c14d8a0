import type { DailyActivity } from '@pathwise/contract';
import type { TooltipItem } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { dayLabel, formatMinutes, fullDayLabel } from '../analytics-display';
import { ChartCard } from './chart-card';
import { baseOptions, PALETTE } from './chart-setup';

const RESOURCES = 'Resources completed';
const MINUTES = 'Estimated minutes spent';

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
    ...baseOptions,
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      ...baseOptions.plugins,
      tooltip: {
        callbacks: {
          // Time reads 'Xh Ym' or 'Ym'.
          label: ({ dataset, parsed }: TooltipItem<'line'>) =>
            `${dataset.label}: ${dataset.yAxisID === 'y1' ? formatMinutes(parsed.y ?? 0) : parsed.y}`,
        },
      },
    },
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
    >
      <Line data={data} options={options} />
    </ChartCard>
  );
}
