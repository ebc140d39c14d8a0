import type { RemotePost } from '@pathwise/contract';
import { useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { FEDERATION_TEXTS } from '../federation-texts';
import { RemoteHtml } from './remote-html';
import { RemotePostActions } from './remote-post-actions';

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** An attachment's link text: its description, else its file's name, else its number. */
function attachmentText({ url, name }: RemotePost['attachments'][number], index: number) {
  if (name?.trim()) return name.trim();
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return file || FEDERATION_TEXTS.attachment(index + 1);
}

/**
 * A post of someone followed on another server, in the Following tab: marked with their server, its
 * content warning hiding the rest until "Show more" as on Mastodon, attachments as links, "View
 * original" on their server, and Like and Reply, sent there (no save: it is not kept here for good).
 */
export function RemotePostCard({ post }: { post: RemotePost }) {
  const headingId = useId();
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const { author } = post;
  const name = author.name || author.handle;
  const hidden = post.summary !== null && !expanded;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-center gap-3">
        <Avatar src={author.profilePicture} alt="" className="size-9 shrink-0" remote />
        <div className="min-w-0 flex-1">
          <a
            href={author.url}
            {...EXTERNAL}
            className="block truncate font-semibold text-slate-900 hover:underline"
          >
            {name}
          </a>
          <span className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-500">
            <span className="break-all">{author.handle}</span>
            <RelativeTime value={post.publishedAt} />
          </span>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {FEDERATION_TEXTS.elsewhere(author.handle)}
        </span>
      </header>

      <h2 id={headingId} className={post.title ? 'mt-3 text-lg font-semibold text-slate-900' : 'sr-only'}>
        {post.title ?? FEDERATION_TEXTS.postBy(name)}
      </h2>
      {post.summary !== null && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2">
          <p className="min-w-0 flex-1 text-sm font-medium break-words text-amber-900">{post.summary}</p>
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            aria-expanded={expanded}
            aria-controls={contentId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? FEDERATION_TEXTS.showLess : FEDERATION_TEXTS.showMore}
          </button>
        </div>
      )}
      <div id={contentId} hidden={hidden} className="mt-3 space-y-3">
        <RemoteHtml html={post.contentHtml} className="text-slate-700" />
        {post.attachments.length > 0 && (
          <section aria-label={FEDERATION_TEXTS.attachments}>
            <ul className="space-y-1 text-sm">
              {post.attachments.map((attachment, index) => (
                <li key={attachment.url}>
                  <a href={attachment.url} {...EXTERNAL} className="text-link break-all">
                    {attachmentText(attachment, index)}
                  </a>
                  {attachment.mediaType && <span className="text-slate-500"> ({attachment.mediaType})</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <footer className="mt-3 text-sm">
        <a href={post.url} {...EXTERNAL} className="text-link">
          {FEDERATION_TEXTS.viewOriginal}
          <span className="sr-only"> {FEDERATION_TEXTS.newTab}</span>
        </a>
      </footer>
      <RemotePostActions post={post} authorName={name} />
    </article>
  );
}
