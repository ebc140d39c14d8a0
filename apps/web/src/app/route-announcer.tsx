import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (its code and data loading) before we give up. */
const HEADING_WAIT_MS = 15_000;

/**
 * After a move to another page inside the app, what a full page load gives for free: focus starts
 * at the new page's heading (its h1, made focusable), so the next Tab is in the new page and not in
 * what was left behind, and the page's title is announced. The first page of a visit is left alone:
 * the browser announces it. The old page may stay on screen until the new one is ready, so we wait
 * for a heading that is not the old one; the old one is noted while rendering, before the new page
 * can have replaced it.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPage = useRef(true);
  const renderedPath = useRef(pathname);
  const oldHeading = useRef<{ element: Element | null; text: string | null | undefined } | null>(null);
  if (renderedPath.current !== pathname) {
    renderedPath.current = pathname;
    const element = document.querySelector('h1');
    oldHeading.current = { element, text: element?.textContent };
  }

  /* biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page, which pathname
     names. */
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const previous = oldHeading.current;
    let frame = 0;
    const focusNewHeading = () => {
      const heading = document.querySelector('h1');
      if (!heading || (heading === previous?.element && heading.textContent === previous.text)) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      // The page names itself in an effect of its own: read the title once that has run.
      frame = requestAnimationFrame(() => setAnnouncement(document.title));
      return true;
    };
    setAnnouncement('');
    if (focusNewHeading()) return () => cancelAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      if (focusNewHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const giveUp = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
      cancelAnimationFrame(frame);
    };
  }, [pathname]);

  return (
    <p id="route-announcer" aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );
}
