import type { ComponentProps } from 'react';
import { Callout, ErrorBox } from '../../../components/callout';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { serverMessageOr } from '../../../lib/api-client';

/** What an account form shows once the server answered: what was done, or why it failed. */
export type Outcome = { done: string } | { failed: string } | null;

export function OutcomeBox({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return 'done' in outcome ? (
    <Callout tone="success">{outcome.done}</Callout>
  ) : (
    <ErrorBox>{outcome.failed}</ErrorBox>
  );
}

/** Runs `request`: `done` (or the server's message when not given) on success, its refusal otherwise. */
export async function outcomeOf<T>(
  request: () => Promise<T>,
  { done, fallback }: { done: (response: T) => string; fallback: string },
): Promise<Outcome> {
  try {
    return { done: done(await request()) };
  } catch (error) {
    return { failed: serverMessageOr(error, fallback) };
  }
}

export function SubmitButton({
  isSubmitting,
  label,
  className = 'btn-primary',
  type = 'submit',
  onClick,
}: {
  isSubmitting: boolean;
  label: string;
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button type={type} onClick={onClick} disabled={isSubmitting} className={className}>
      {isSubmitting && <Spinner className="size-4" />}
      {isSubmitting ? 'Processing...' : label}
    </button>
  );
}

/** A field with a sentence under it that says when it may be left empty or how to fill it. */
export function HintedField({
  hint,
  hintId,
  ...field
}: ComponentProps<typeof TextField> & { hint: string; hintId: string }) {
  return (
    <>
      <TextField {...field} aria-describedby={hintId} />
      <p id={hintId} className="-mt-3 text-sm text-slate-600">
        {hint}
      </p>
    </>
  );
}
