import type { Category } from '@pathwise/contract';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only what the four dashboard charts draw, so the rest of Chart.js stays out of the bundle.
Chart.register(
  ArcElement,
  BarElement,
  CategoryScale,
  LinearScale,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

// Chart.js draws on a canvas, which CSS cannot recolour: its text and grid take the page's theme
// colours (slate 600 and 200, turned over in the dark theme) as they are when the charts load.
const themeColor = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
Chart.defaults.color = themeColor('--color-slate-600') || Chart.defaults.color;
Chart.defaults.borderColor = themeColor('--color-slate-200') || Chart.defaults.borderColor;

/** One six-colour palette for every chart (indigo, emerald, red, amber, blue, fuchsia). */
export const PALETTE = ['#4f46e5', '#10b981', '#ef4444', '#f59e0b', '#3b82f6', '#d946ef'] as const;

export type ColorOf = (category: Category) => string;

/**
 * Each of the user's categories keeps one colour in every chart: the palette in the order the
 * categories are listed, going round it past the sixth.
 */
export function categoryColors(categories: Category[]): ColorOf {
  const colors = new Map(categories.map((category, index) => [category, PALETTE[index % PALETTE.length]!]));
  return (category) => colors.get(category) ?? PALETTE[0];
}

/** Options every dashboard chart shares: it fills its 300 px box and keeps its legend below. */
export const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { position: 'bottom' as const } },
};

/** The shared options with tooltips on (Chart.js shows them on hover), their texts written by `callbacks`. */
export function withTooltips<Callbacks extends object>(callbacks: Callbacks) {
  return { ...baseOptions, plugins: { ...baseOptions.plugins, tooltip: { enabled: true, callbacks } } };
}
