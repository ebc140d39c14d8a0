import type { ComponentPropsWithoutRef } from 'react';

type BusyButtonProps = ComponentPropsWithoutRef<'button'> & {
  /** What this button started is on its way: announced as busy, further clicks ignored. */
  busy?: boolean;
  /** The button cannot act yet (e.g. nothing to send): announced as unavailable, clicks ignored. */
  unavailable?: boolean;
};

/**
 * A button that stays focusable while it cannot act. `disabled` would drop keyboard focus to `<body>`
 * the moment it is set, so a keyboard or screen reader user would lose their place after every click.
 */
export function BusyButton({ busy = false, unavailable = false, onClick, ...props }: BusyButtonProps) {
  const inert = busy || unavailable;
  return (
    <button
      {...props}
      aria-busy={busy || undefined}
      aria-disabled={inert || undefined}
      onClick={(event) => {
        if (inert) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
