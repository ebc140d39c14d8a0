type ProgressBarProps = {
  /** 0 to 100. */
  value: number;
  /** What the bar measures, read by screen readers. */
  label: string;
  className?: string;
};

/** A horizontal bar filled to `value` percent, exposed to assistive technology as a progress bar. */
export function ProgressBar({ value, label, className = '' }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className={`h-2 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div
        className="h-full rounded-full bg-indigo-600 motion-safe:transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
