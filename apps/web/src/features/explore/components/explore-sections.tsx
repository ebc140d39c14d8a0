import {
  EXPLORE_MESSAGES,
  type ExplorePopularTag,
  type LearningPlanCard,
  type Post,
} from '@pathwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Bone, LoadingSkeletons, SkeletonCard } from '../../../components/skeleton';
import { useExplore } from '../api/queries';

export type ExploreSectionsProps = {
  /** Cards come from their own features, put together by the page. */
  renderPost: (post: Post) => ReactNode;
  renderPlan: (plan: LearningPlanCard) => ReactNode;
};

/** A section of the page: a heading, a line saying how it is ranked, then its items or why there are none. */
export function ExploreSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <div>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {hint && <p className="text-sm text-slate-600">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

function Nothing({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
      {children}
    </p>
  );
}

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** A plan section's cards, each with the figure it is ranked by under it. */
function PlanItems({
  items,
  renderPlan,
  figure,
}: {
  items: { learningPlan: LearningPlanCard; figure: number }[];
  renderPlan: ExploreSectionsProps['renderPlan'];
  figure: (count: number) => string;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map(({ learningPlan, figure: count }) => (
        <li key={learningPlan.id} className="flex flex-col gap-1.5">
          <div className="flex-1">{renderPlan(learningPlan)}</div>
          <p className="px-1 text-sm text-slate-600">{figure(count)}</p>
        </li>
      ))}
    </ul>
  );
}

const usesOf = (count: number) => (count === 1 ? 'post or plan' : 'posts and plans');

/** The popular tags, each a link to its tag page with how many posts and plans carry it. */
function PopularTags({ tags }: { tags: ExplorePopularTag[] }) {
  return (
    <ol className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.name}>
          <Link
            to={`/tags/${tag.name}`}
            className="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-100"
          >
            <span>#{tag.name}</span>{' '}
            {/* A screen reader hears "2 posts and plans"; the visible text stays part of the link's name. */}
            <span className="rounded-full bg-white px-1.5 text-xs text-slate-600">
              {tag.uses} <span className="sr-only">{usesOf(tag.uses)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

function ExploreSkeletons() {
  return (
    <LoadingSkeletons label="Loading Explore..." count={2}>
      {(index) => (
        <SkeletonCard key={index}>
          <div className="space-y-3">
            <Bone className="h-4 w-40" />
            <Bone className="h-5 w-3/4" />
            <Bone className="h-16 w-full" />
          </div>
        </SkeletonCard>
      )}
    </LoadingSkeletons>
  );
}

/**
 * Popular tags, trending posts, the plans most used as templates lately and those most learned this month
 * (docs/features.md, "Explore"), each section with its heading and its own empty state.
 */
export function ExploreSections({ renderPost, renderPlan }: ExploreSectionsProps) {
  const query = useExplore();
  if (query.isPending) return <ExploreSkeletons />;
  if (!query.data)
    return (
      <ErrorWithRetry onRetry={() => void query.refetch()} retryLabel={EXPLORE_MESSAGES.retry}>
        {EXPLORE_MESSAGES.loadFailed}
      </ErrorWithRetry>
    );
  const { trendingPosts, popularTemplates, mostLearned, popularTags } = query.data;
  return (
    <div className="space-y-10">
      <ExploreSection id="explore-tags" title={EXPLORE_MESSAGES.tagsTitle} hint={EXPLORE_MESSAGES.tagsHint}>
        {popularTags.length === 0 ? (
          <Nothing>{EXPLORE_MESSAGES.noTags}</Nothing>
        ) : (
          <PopularTags tags={popularTags} />
        )}
      </ExploreSection>
      <ExploreSection
        id="explore-trending"
        title={EXPLORE_MESSAGES.trendingTitle}
        hint={EXPLORE_MESSAGES.trendingHint}
      >
        {trendingPosts.length === 0 ? (
          <Nothing>{EXPLORE_MESSAGES.noTrending}</Nothing>
        ) : (
          <ol className="space-y-6">
            {trendingPosts.map((post) => (
              <li key={post.id}>{renderPost(post)}</li>
            ))}
          </ol>
        )}
      </ExploreSection>
      <ExploreSection
        id="explore-templates"
        title={EXPLORE_MESSAGES.templatesTitle}
        hint={EXPLORE_MESSAGES.templatesHint}
      >
        {popularTemplates.length === 0 ? (
          <Nothing>{EXPLORE_MESSAGES.noTemplates}</Nothing>
        ) : (
          <PlanItems
            items={popularTemplates.map((item) => ({
              learningPlan: item.learningPlan,
              figure: item.recentUses,
            }))}
            renderPlan={renderPlan}
            figure={(count) => `Used as a template by ${people(count)} in the last 30 days`}
          />
        )}
      </ExploreSection>
      <ExploreSection
        id="explore-learned"
        title={EXPLORE_MESSAGES.learnedTitle}
        hint={EXPLORE_MESSAGES.learnedHint}
      >
        {mostLearned.length === 0 ? (
          <Nothing>{EXPLORE_MESSAGES.noLearned}</Nothing>
        ) : (
          <PlanItems
            items={mostLearned.map((item) => ({ learningPlan: item.learningPlan, figure: item.learners }))}
            renderPlan={renderPlan}
            figure={(count) => `${people(count)} made progress this month`}
          />
        )}
      </ExploreSection>
    </div>
  );
}
