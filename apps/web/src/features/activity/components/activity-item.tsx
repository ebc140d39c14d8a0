import type { Activity } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Markdown } from '../../../components/markdown/markdown';
import { ProgressBar } from '../../../components/progress-bar';
import { RelativeTime } from '../../../components/relative-time';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { formatPercent } from '../../../lib/format';

type ActivityItemProps = {
  activity: Activity;
  /** Sample entries name nothing real, so they link nowhere. */
  linked?: boolean;
};

const ACCENTS: Record<Activity['type'], string> = {
  LEARNING_PROGRESS: 'bg-indigo-500',
  TOPIC_COMPLETED: 'bg-emerald-500',
  RESOURCE_COMPLETED: 'bg-sky-500',
  POST_LIKE: 'bg-rose-500',
  POST_COMMENT: 'bg-amber-500',
  FOLLOW_USER: 'bg-violet-500',
};

/** One line of a profile's activity: 'You' for the signed-in user's own. */
export function ActivityItem({ activity, linked = true }: ActivityItemProps) {
  const me = useSignedInUser();
  const who = activity.user.id === me.id ? 'You' : activity.user.name;
  const to = (path: string, text: string) =>
    linked ? (
      <Link to={path} className="text-link">
        {text}
      </Link>
    ) : (
      <span className="font-semibold">{text}</span>
    );
  const plan =
    activity.learningPlan && to(`/learning-plan/${activity.learningPlan.id}`, activity.learningPlan.title);
  const post = activity.post && to(`/post/${activity.post.id}`, activity.post.title);
  const postOwner =
    activity.post && (activity.post.author.id === me.id ? 'your' : `${activity.post.author.name}'s`);
  const followed =
    activity.followedUser &&
    to(
      `/profile/${activity.followedUser.id}`,
      activity.followedUser.id === me.id ? 'you' : activity.followedUser.name,
    );

  const sentences: Record<Activity['type'], ReactNode> = {
    LEARNING_PROGRESS: (
      <>
        {who} made progress in {plan}
      </>
    ),
    TOPIC_COMPLETED: (
      <>
        {who} completed the topic <strong>{activity.topicTitle}</strong>
        {plan && <> in {plan}</>}
      </>
    ),
    RESOURCE_COMPLETED: (
      <>
        {who} completed <strong>{activity.resourceTitle}</strong> in <strong>{activity.topicTitle}</strong>
        {plan && <> ({plan})</>}
      </>
    ),
    POST_LIKE: (
      <>
        {who} liked {postOwner} post {post}
      </>
    ),
    POST_COMMENT: (
      <>
        {who} commented on {postOwner} post {post}
      </>
    ),
    FOLLOW_USER: (
      <>
        {who} started following {followed}
      </>
    ),
  };

  return (
    <article className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${ACCENTS[activity.type]}`}
      />
      <div className="min-w-0 flex-1">
        <p className="break-words text-slate-800">{sentences[activity.type]}</p>
        {activity.type === 'LEARNING_PROGRESS' && activity.progressPercentage !== null && (
          <div className="mt-2 flex items-center gap-3">
            <ProgressBar value={activity.progressPercentage} label="Plan progress" className="max-w-xs" />
            <span className="shrink-0 text-sm text-slate-600">
              {formatPercent(activity.progressPercentage)} complete
            </span>
          </div>
        )}
        {activity.comment && (
          <blockquote className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <Markdown text={activity.comment.content} compact className="line-clamp-2" />
          </blockquote>
        )}
        <p className="mt-1 text-sm text-slate-500">
          <RelativeTime value={activity.timestamp} />
        </p>
      </div>
    </article>
  );
}
