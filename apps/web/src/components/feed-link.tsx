import { SITE_TEXTS } from '@pathwise/contract';

/**
 * A page's Atom feed (a person's posts, a tag's), for a feed reader: a plain link the browser opens, not
 * a route of the app. `label` is its accessible name, which starts with the visible word.
 */
export function FeedLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} type="application/atom+xml" aria-label={label} className="btn-secondary">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M4 3a1 1 0 0 0 0 2 11 11 0 0 1 11 11 1 1 0 1 0 2 0A13 13 0 0 0 4 3Z" />
        <path d="M4 8a1 1 0 0 0 0 2 6 6 0 0 1 6 6 1 1 0 1 0 2 0 8 8 0 0 0-8-8Z" />
        <circle cx="5" cy="15" r="2" />
      </svg>
      {SITE_TEXTS.feedLink}
    </a>
  );
}
