import type { TopicStatus } from '@pathwise/contract';

/** Each status's colours on the maps; the scales turn over in dark mode, contrast kept (index.css). */
export const STATUS_STYLES: Record<TopicStatus, string> = {
  NOT_STARTED: 'border-slate-400 bg-white text-slate-900',
  IN_PROGRESS: 'border-amber-600 bg-amber-50 text-amber-900',
  COMPLETED: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  SKIPPED: 'border-dashed border-slate-400 bg-slate-100 text-slate-600',
};
