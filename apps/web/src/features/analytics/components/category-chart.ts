import type { Category } from '@pathwise/contract';
import { categoryLabel } from '../../../lib/labels';
import type { ChartFigure, ChartTable } from './chart-card';
import type { ColorOf } from './chart-setup';

/** Chart.js data: one dataset, a value and a colour per category. */
type CategoryData = {
  labels: string[];
  datasets: { label: string; data: number[]; backgroundColor: string[] }[];
};

type CategoryChartSpec<T> = {
  /** The dataset's name and each category's value in the chart. */
  label: string;
  value: (item: T) => number;
  /** The table's columns after 'Category', and each category's cells in them. */
  columns: string[];
  cells: (item: T) => (string | number)[];
  /** What the chart is, opening its summary: 'Pie chart of learning plans per category'. */
  kind: string;
};

/**
 * Chart data with one slice or bar per category, each in its own colour, the same figures as a table,
 * and a summary naming every category's figures ('…: Programming 2h 15m, 75.0%; Language 45m, 25.0%.').
 */
export function categoryChart<T extends { category: Category }>(
  items: T[],
  colorOf: ColorOf,
  spec: CategoryChartSpec<T>,
): { data: CategoryData; table: ChartTable; summary: string } {
  const labels = items.map((item) => categoryLabel(item.category));
  const figures = items.map((item, index) => `${labels[index]} ${spec.cells(item).join(', ')}`);
  return {
    summary: `${spec.kind}: ${figures.join('; ')}.`,
    data: {
      labels,
      datasets: [
        {
          label: spec.label,
          data: items.map(spec.value),
          backgroundColor: items.map((item) => colorOf(item.category)),
        },
      ],
    },
    table: {
      columns: ['Category', ...spec.columns],
      rows: items.map((item, index) => [labels[index]!, ...spec.cells(item)]),
    },
  };
}

/** A lone category's figure ('2h 15m', 'All in Programming'); undefined when there are several to compare. */
export function loneCategoryFigure<T extends { category: Category }>(
  items: T[],
  value: (item: T) => string,
): ChartFigure | undefined {
  const [only] = items;
  return items.length === 1 && only
    ? { value: value(only), caption: `All in ${categoryLabel(only.category)}` }
    : undefined;
}
