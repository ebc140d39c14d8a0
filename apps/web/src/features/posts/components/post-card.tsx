import type { Post } from '@pathwise/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { HiddenBanner } from '../../../components/hidden-banner';
import { CommentIcon } from '../../../components/icons';
import { Markdown } from '../../../components/markdown/markdown';
import { MediaGrid } from '../../../components/media/media-grid';
import { SaveButton } from '../../../components/save-button';
import { TagLinks } from '../../../components/tag-links';
import { useViewer } from '../../../lib/auth/auth-context';
import { countLabel } from '../../../lib/counts';
import { LikeButton } from './like-button';
import { PostByline } from './post-byline';
import { PostOwnerActions } from './post-owner-actions';

/** Edit and Delete, offered when the card is shown with actions and only on the viewer's own posts. */
export type PostCardActions = { onDelete: () => void; deleting: boolean };

type PostCardProps = { post: Post; actions?: PostCardActions };

/** The post's media with its cover first: the image a card leads with. */
const coverFirst = ({ media, coverMediaId }: Post) => [
  ...media.filter((item) => item.id === coverMediaId),
  ...media.filter((item) => item.id !== coverMediaId),
];

/** A post in a list: author, text cut short, media (its cover first), likes and comments. */
export function PostCard({ post, actions }: PostCardProps) {
  const me = useViewer();
  const titleId = useId();
  const postPath = `/post/${post.id}`;
  const showActions = actions !== undefined && post.author.id === me?.id;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="space-y-3">
        <HiddenBanner moderation={post.moderation} />
        <PostByline post={post} />
      </header>

      <Link to={postPath} className="mt-3 block rounded-lg hover:text-indigo-700">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {post.title}
        </h2>
        <Markdown text={post.content} compact className="mt-1 line-clamp-3 text-slate-700" />
      </Link>
      <TagLinks tags={post.tags} className="mt-3" />

      {post.media.length > 0 && (
        <div className="mt-3">
          <MediaGrid media={coverFirst(post)} title={post.title} />
        </div>
      )}

      <footer className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <LikeButton post={post} />
        <Link to={postPath} className="inline-flex items-center gap-1.5 text-slate-600 hover:text-indigo-700">
          <CommentIcon className="size-5" />
          {countLabel(post.commentsCount, 'comment')}
        </Link>
        <SaveButton kind="posts" target={post} />
        {post.learningProgressPercent !== null && (
          <span className="text-slate-600">Progress: {post.learningProgressPercent}%</span>
        )}
        {showActions && (
          <PostOwnerActions
            postId={post.id}
            onDelete={actions.onDelete}
            deleting={actions.deleting}
            className="ml-auto"
          />
        )}
      </footer>
    </article>
  );
}
