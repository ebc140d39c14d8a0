/**
 * The sign-in form that index.html shows a visitor opening /login while the app's code is on its way
 * (`#early-sign-in`, outside the app's root, which stays hidden meanwhile). The app's sign-in page takes
 * it over when it mounts, in the same task, so that nothing typed in between is lost.
 */
const EARLY_FORM_ID = 'early-sign-in';
/** Set on <html> by index.html's script while its form stands in for the app. */
const SHOWING_CLASS = 'early-sign-in';

export function earlyPage(): HTMLElement | null {
  return document.getElementById(EARLY_FORM_ID);
}

/** Shows the app instead of the early form, if it is still there (the app shows some other page). */
export function dropEarlySignIn() {
  earlyPage()?.remove();
  document.documentElement.classList.remove(SHOWING_CLASS);
}
