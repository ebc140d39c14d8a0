import { dropEarlySignIn, earlyPage } from './early-sign-in';

// Apart from early-sign-in.ts, which every page imports to drop the form, so that only the sign-in page
// downloads what taking it over needs.

/** The app's control that stands where `early` stood: a field of the same name, a link or button alike. */
function counterpartOf(early: Element, form: HTMLFormElement): HTMLElement | null {
  const name = early.getAttribute('name');
  if (name) return form.elements.namedItem(name) as HTMLInputElement | null;
  if (early instanceof HTMLButtonElement && early.type === 'submit')
    return form.querySelector('button[type="submit"]');
  const page = form.closest('main') ?? document.body;
  const text = early.textContent?.trim();
  return (
    [...page.querySelectorAll<HTMLElement>(early.tagName)].find(
      (item) => item.textContent?.trim() === text,
    ) ?? null
  );
}

/**
 * Moves what the early form holds into `form` (the app's sign-in form, same field names): the values,
 * the focus with the caret or selection, then removes the early form. A control used meanwhile (the
 * submit, by click or Enter, or "Sign up") is then used here: one submit, whatever was clicked before.
 */
export function takeOverEarlySignIn(form: HTMLFormElement) {
  const page = earlyPage();
  if (!page) return;
  for (const field of page.querySelectorAll('input')) {
    const counterpart = form.elements.namedItem(field.name);
    if (counterpart instanceof HTMLInputElement) counterpart.value = field.value;
  }
  const focused = document.activeElement;
  const caret =
    focused instanceof HTMLInputElement && page.contains(focused) ? selectionOf(focused) : undefined;
  const target = focused && page.contains(focused) ? counterpartOf(focused, form) : null;
  const waiting = page.querySelector('[data-pending]');
  const waitingTarget = waiting && counterpartOf(waiting, form);
  dropEarlySignIn();
  if (target) {
    target.focus({ preventScroll: true });
    if (caret && target instanceof HTMLInputElement) {
      target.setSelectionRange(caret.start, caret.end, caret.direction);
    }
  }
  waitingTarget?.click();
}

/** The caret or selection of a field whose type has one (an e-mail field does not expose it). */
function selectionOf(field: HTMLInputElement) {
  try {
    if (field.selectionStart === null || field.selectionEnd === null) return undefined;
    return {
      start: field.selectionStart,
      end: field.selectionEnd,
      direction: field.selectionDirection ?? undefined,
    };
  } catch {
    return undefined;
  }
}
