import { useId } from 'react';
import type { RangeProblem } from '../analytics-display';

export type DateRange = { startDate: string; endDate: string };

type DateRangeFilterProps = {
  range: DateRange;
  onChange: (range: DateRange) => void;
  problem: RangeProblem | null;
};

const FIELDS = [
  { name: 'startDate', label: 'Start Date' },
  { name: 'endDate', label: 'End Date' },
] as const;

/** 'Filter Data': each change asks for the figures of the new range, once it is a valid one. */
export function DateRangeFilter({ range, onChange, problem }: DateRangeFilterProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Filter Data
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const invalid = problem?.field === field.name;
          return (
            <div key={field.name}>
              <label
                htmlFor={`${id}-${field.name}`}
                className="mb-1 block text-sm font-medium text-slate-700"
              >
                {field.label}
              </label>
              <input
                id={`${id}-${field.name}`}
                type="date"
                value={range[field.name]}
                onChange={(event) => onChange({ ...range, [field.name]: event.target.value })}
                aria-invalid={invalid}
                aria-describedby={invalid ? problemId : undefined}
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 aria-invalid:border-red-500"
              />
            </div>
          );
        })}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-3 text-sm text-red-700">
          {problem.message}
        </p>
      )}
    </section>
  );
}
