import { useEffect } from 'react';

/** Names the page in the browser tab and for screen readers (WCAG 2.4.2): "{title} · Pathwise". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Pathwise`;
  }, [title]);
}
