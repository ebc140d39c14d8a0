import { useEffect, useRef, useState } from 'react';

/**
 * Whether a dialog is open, and a ref for the button that opens it: once the dialog has gone, focus
 * goes back to that button, as after any dialog (the page behind it was inert).
 */
export function useDialogTrigger() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [open]);
  return { open, setOpen, trigger };
}
