import type { ReactNode } from 'react';
import { ErrorBox } from './callout';

type ErrorWithRetryProps = {
  children: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
  title?: string;
};

/** An error box offering to try the failed load again. */
export function ErrorWithRetry({ children, onRetry, retryLabel = 'Retry', title }: ErrorWithRetryProps) {
  return (
    <ErrorBox title={title}>
      <p>{children}</p>
      <button type="button" onClick={onRetry} className="text-link">
        {retryLabel}
      </button>
    </ErrorBox>
  );
}
