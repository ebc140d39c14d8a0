import type { ReactNode } from 'react';

const TONES = {
  error: { role: 'alert', classes: 'border-red-200 bg-red-50 text-red-800' },
  warning: { role: 'status', classes: 'border-amber-200 bg-amber-50 text-amber-900' },
  success: { role: 'status', classes: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
} as const;

type CalloutProps = {
  tone: keyof typeof TONES;
  title?: string;
  children: ReactNode;
};

/** A boxed message; errors are announced to screen readers at once, warnings politely. */
export function Callout({ tone, title, children }: CalloutProps) {
  const { role, classes } = TONES[tone];
  return (
    <div role={role} className={`rounded-lg border px-4 py-3 text-sm ${classes}`}>
      {title && <p className="font-semibold">{title}</p>}
      <div className="space-y-1">{children}</div>
    </div>
  );
}

export function ErrorBox(props: Omit<CalloutProps, 'tone'>) {
  return <Callout tone="error" {...props} />;
}
