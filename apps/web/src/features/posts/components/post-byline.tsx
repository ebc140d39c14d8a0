import { EDIT_HISTORY_TEXTS, type Post, READING_TIME } from '@pathwise/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { categoryLabel } from '../../../lib/labels';
import { EditedMark } from './edited-mark';

/**
 * Author (linking to their profile), when it was posted, whether it was edited, how long it takes to
 * read (only for a post longer than a few paragraphs: `READING_TIME`), and the category by its display
 * name. On a narrow card the time goes under the name, so the name keeps its room next to the category.
 */
export function PostByline({ post }: { post: Post }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar src={post.author.profilePicture} alt="" className="size-9 shrink-0" />
      <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:gap-3">
        <Link
          to={`/profile/${post.author.id}`}
          className="block truncate font-semibold text-slate-900 hover:underline"
        >
          {post.author.name}
        </Link>
        <span className="flex shrink-0 flex-wrap items-baseline gap-x-2 text-sm text-slate-500">
          <RelativeTime value={post.createdAt} />
          <EditedMark target={{ kind: 'post', id: post.id }} editedAt={post.editedAt} />
          {post.readingMinutes >= READING_TIME.shownFromMinutes && (
            <span>{EDIT_HISTORY_TEXTS.readingTime(post.readingMinutes)}</span>
          )}
        </span>
      </div>
      <span className="shrink-0 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
        {/* Cards show the category lowercased. */}
        {categoryLabel(post.category).toLowerCase()}
      </span>
    </div>
  );
}
