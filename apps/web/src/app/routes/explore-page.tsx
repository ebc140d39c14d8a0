import { EXPLORE_MESSAGES } from '@pathwise/contract';
import { ExploreSection, ExploreSections } from '../../features/explore';
import { PeopleToFollow, type RenderFollow } from '../../features/feed/suggestions';
import { PlanCard } from '../../features/plans';
import { PostCard } from '../../features/posts';
import { FollowPersonButton } from '../../features/users/follow';
import { useViewer } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/document-title';

const renderFollow: RenderFollow = (person, following, onFollowing) => (
  <FollowPersonButton person={person} following={following} onFollowing={onFollowing} />
);

/**
 * /explore: what people are learning right now (docs/features.md, "Explore"). People to follow are the
 * Following tab's, for members only: a visitor cannot follow.
 */
export function ExplorePage() {
  useDocumentTitle(EXPLORE_MESSAGES.title);
  const member = useViewer() !== null;
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{EXPLORE_MESSAGES.title}</h1>
        <p className="text-slate-600">{EXPLORE_MESSAGES.intro}</p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ExploreSections
          renderPost={(post) => <PostCard post={post} />}
          renderPlan={(plan) => <PlanCard plan={plan} />}
        />
        {member && (
          <aside className="min-w-0">
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <ExploreSection id="explore-people" title={EXPLORE_MESSAGES.peopleTitle}>
                <PeopleToFollow renderFollow={renderFollow} />
              </ExploreSection>
            </div>
          </aside>
        )}
      </div>
    </div>
  );
}
