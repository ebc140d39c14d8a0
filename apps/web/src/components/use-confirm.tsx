import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ConfirmQuestion } from './confirm-dialog';

type Pending = { question: ConfirmQuestion; response: (confirmed: boolean) => void; asker: Element | null };

// The dialog's code (Headless UI's Dialog and focus trap) is fetched on the first question only,
// so the pages that offer a delete keep their first-paint budget.
const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/**
 * An in-app, accessible replacement for `window.confirm`: `await confirm(question)` is true once the
 * person confirms. Render the returned element where the component renders.
 */
export function useConfirm(): [(question: ConfirmQuestion) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const returnFocusTo = useRef<Element | null>(null);

  // Back to the control that asked once the dialog is gone: while it shows, the rest of the page is
  // inert and cannot take focus.
  useEffect(() => {
    if (pending || !(returnFocusTo.current instanceof HTMLElement)) return;
    returnFocusTo.current.focus();
    returnFocusTo.current = null;
  }, [pending]);

  const confirm = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        setPending({ question, response: resolve, asker: document.activeElement });
      }),
    [],
  );

  const dialog = pending && (
    <Suspense fallback={null}>
      <ConfirmDialog
        question={pending.question}
        onResponse={(confirmed) => {
          pending.response(confirmed);
          returnFocusTo.current = pending.asker;
          setPending(null);
        }}
      />
    </Suspense>
  );
  return [confirm, dialog];
}
