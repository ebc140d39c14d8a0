import { useState } from 'react';

/** Copies a text to the clipboard and keeps whether it worked, for the page to say so. */
export function useCopyText() {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return { outcome, copy, reset: () => setOutcome(null) };
}
