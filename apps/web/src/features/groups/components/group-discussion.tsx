import { GROUP_LIMITS, GROUP_MESSAGES, type Group, type GroupReply } from '@pathwise/contract';
import { useId, useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Markdown } from '../../../components/markdown/markdown';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { ReportButton } from '../../../components/report-button';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { deleteGroupPost, postInGroup } from '../api/groups-api';
import { useGroupChange, useGroupPosts } from '../api/queries';

/** The members' discussion on the group page: posts in Markdown, newest first, with their replies. */
export function GroupDiscussion({ group }: { group: Group }) {
  const posts = useGroupPosts(group.id);
  return (
    <section aria-labelledby="discussion-heading" className="space-y-3">
      <h2 id="discussion-heading" className="text-lg font-semibold text-slate-900">
        Discussion
      </h2>
      <PostForm group={group} label="New post" submit="Post" />
      <PagedItems
        list={posts}
        failure={
          <ErrorWithRetry onRetry={() => void posts.refetch()}>
            {GROUP_MESSAGES.discussionFailed}
          </ErrorWithRetry>
        }
        loadMoreFailure={GROUP_MESSAGES.discussionFailed}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No posts yet">
              <p>{GROUP_MESSAGES.noPosts}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Posts">
              {items.map((post) => (
                <li key={post.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
                  <Entry group={group} entry={post} />
                  {post.replies.length > 0 && (
                    <ul className="space-y-2 border-l-2 border-slate-100 pl-4" aria-label="Replies">
                      {post.replies.map((reply) => (
                        <li key={reply.id}>
                          <Entry group={group} entry={reply} />
                        </li>
                      ))}
                    </ul>
                  )}
                  <PostForm group={group} replyToId={post.id} label="Reply" submit="Reply" />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}

function Entry({ group, entry }: { group: Group; entry: GroupReply }) {
  const me = useSignedInUser();
  const remove = useGroupChange(() => deleteGroupPost(group.id, entry.id));
  const organiser = group.viewerRole === 'FOUNDER' || group.viewerRole === 'ORGANISER';
  return (
    <article aria-label={`${entry.author.name}’s post`} className="space-y-1">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-900">{entry.author.name}</span> ·{' '}
        <RelativeTime value={entry.createdAt} />
        {(entry.author.id === me.id || organiser) && (
          <button
            type="button"
            className="ml-2 text-xs text-red-700 underline"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined)}
          >
            Delete
          </button>
        )}
        {entry.author.id !== me.id && (
          <ReportButton
            target={{ type: 'GROUP_POST', id: entry.id, label: `post by ${entry.author.name}` }}
            className="ml-1"
          />
        )}
      </p>
      <Markdown text={entry.content} />
      {remove.isError && <ErrorBox>{GROUP_MESSAGES.actionFailed}</ErrorBox>}
    </article>
  );
}

function PostForm({
  group,
  replyToId,
  label,
  submit,
}: {
  group: Group;
  replyToId?: number;
  label: string;
  submit: string;
}) {
  const [content, setContent] = useState('');
  const id = useId();
  const send = useGroupChange(() =>
    postInGroup(group.id, replyToId === undefined ? { content } : { content, replyToId }),
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(undefined, { onSuccess: () => setContent('') });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">(Markdown)</span>
      </label>
      <textarea
        id={id}
        value={content}
        required
        rows={replyToId === undefined ? 3 : 1}
        maxLength={GROUP_LIMITS.postMaxLength}
        onChange={(event) => setContent(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
      />
      {send.isError && <ErrorBox>{send.error.message || GROUP_MESSAGES.postFailed}</ErrorBox>}
      <button type="submit" className="btn-secondary" disabled={send.isPending || content.trim() === ''}>
        {submit}
      </button>
    </form>
  );
}
