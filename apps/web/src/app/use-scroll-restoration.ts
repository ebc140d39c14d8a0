import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** How far down each history entry was scrolled, by location key; kept for the tab's life. */
let positions: Record<string, number> | undefined;
let currentKey = '';

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * What React Router's <ScrollRestoration> does under a data router, for the declarative router the
 * app uses: a new page starts at the top (or at its #fragment); Back, Forward and a reload return
 * to where the page was scrolled.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      savedPositions()[currentKey] = window.scrollY;
    };
    const keepForReload = () => {
      remember();
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', keepForReload);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', keepForReload);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before the browser paints the page that just rendered.
  useLayoutEffect(() => {
    currentKey = key;
    const saved = navigationType === 'POP' ? savedPositions()[key] : undefined;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Statements, not returned calls: newer browsers answer scrolls with a promise, which React
    // would take for the effect's clean-up.
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}
