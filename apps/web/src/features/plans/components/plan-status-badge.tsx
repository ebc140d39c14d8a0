import { type PlanStatus, planStatus } from '../plan-display';

const TONES: Record<PlanStatus, string> = {
  Completed: 'bg-emerald-100 text-emerald-800',
  'In Progress': 'bg-amber-100 text-amber-900',
  'Not Started': 'bg-slate-100 text-slate-700',
};

export function PlanStatusBadge({ completionPercentage }: { completionPercentage: number }) {
  const status = planStatus(completionPercentage);
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {status}
    </span>
  );
}
