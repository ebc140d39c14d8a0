import {
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type Group,
  type GroupReply,
  MEDIA_MESSAGES,
} from '@pathwise/contract';
import { useId, useRef, useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Markdown } from '../../../components/markdown/markdown';
import { AltTextReminder } from '../../../components/media/alt-text-reminder';
import { MediaGrid } from '../../../components/media/media-grid';
import { MediaPicker } from '../../../components/media/media-picker';
import { useMediaSelection } from '../../../components/media/use-media-selection';
import { PagedItems } from '../../../components/paged-items';
import { ProgressBar } from '../../../components/progress-bar';
import { RelativeTime } from '../../../components/relative-time';
import { ReportButton } from '../../../components/report-button';
import { failureMessage } from '../../../lib/api-client';
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
      {entry.media.length > 0 && (
        <MediaGrid media={entry.media} title={`${entry.author.name}’s post`} linkOriginals />
      )}
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
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [reminding, setReminding] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sendUndescribed = useRef(false);
  // Replies are text; posts may carry images and videos.
  const media = useMediaSelection([]);
  const withMedia = replyToId === undefined;
  const id = useId();
  const send = useGroupChange((sent: string) => {
    const files = media.chosen.map((item) => item.file);
    setUploaded(files.length > 0 ? 0 : null);
    const body = { content: sent, ...(replyToId !== undefined && { replyToId }), altTexts: media.altTexts };
    return postInGroup(group.id, body, files, setUploaded).finally(() => setUploaded(null));
  });
  return (
    <form
      ref={form}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (media.undescribedImages > 0 && !sendUndescribed.current) {
          setReminding(true);
          return;
        }
        sendUndescribed.current = false;
        setReminding(false);
        const sent = content;
        send.mutate(sent, {
          onSuccess: () => {
            // What was typed while it was being sent stays.
            setContent((current) => (current === sent ? '' : current));
            media.clearChosen();
          },
        });
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
      {withMedia && <MediaPicker selection={media} />}
      {uploaded !== null && <ProgressBar value={uploaded * 100} label="Upload progress" />}
      {media.hasVideoErrors && <ErrorBox>{MEDIA_MESSAGES.fixVideoErrors}</ErrorBox>}
      {reminding && media.undescribedImages > 0 && (
        <AltTextReminder
          form={form}
          onDescribe={() => setReminding(false)}
          onPublish={() => {
            sendUndescribed.current = true;
          }}
        />
      )}
      {send.isError && <ErrorBox title={GROUP_MESSAGES.postFailed}>{failureMessage(send.error)}</ErrorBox>}
      <button
        type="submit"
        className="btn-secondary"
        disabled={send.isPending || content.trim() === '' || media.hasVideoErrors || media.checkingVideos}
      >
        {submit}
      </button>
    </form>
  );
}
