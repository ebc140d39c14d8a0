import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { Tabs } from '../../components/tabs';
import { FollowingFeed, HomeSideColumn, type RenderFollow } from '../../features/feed';
import { FirstSteps, useIsNewcomer } from '../../features/first-steps';
import { PlanCard, PublicPlansFeed } from '../../features/plans';
import { LatestPostsFeed, PostCard } from '../../features/posts';
import { FollowPersonButton } from '../../features/users/follow';
import { useViewer } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/document-title';
import { useMediaQuery } from '../../lib/media-query';

const SHORTCUTS = [
  { to: '/create-post', label: 'Create a post', description: 'Share what you learned or how far you got.' },
  {
    to: '/create-learning-plan',
    label: 'Create a learning plan',
    description: 'Break a subject into topics and resources, then track your progress.',
  },
];

/** The width from which the home page has room for its side column (docs/features.md, "Following"). */
const WIDE_SCREEN = '(min-width: 1100px)';

/** What a feed under the tabs gets from the home page. */
type FeedProps = {
  /** Changes when the feed must load again from page 0. */
  refreshKey: string;
  /** 'Try Again' after a failed load: bumps the refresh key. */
  onRetry: () => void;
};

// Only people following someone on another server get such posts: the rest never fetch their card.
const RemotePostCard = lazy(() =>
  import('../../features/federation').then((module) => ({ default: module.RemotePostCard })),
);

const renderFollow: RenderFollow = (person, following, onFollowing) => (
  <FollowPersonButton person={person} following={following} onFollowing={onFollowing} />
);

/**
 * The home feeds, in tab order. `?tab=<key>` selects one; any other value selects the first
 * (`plans` selects the plans tab, anything else posts). Following comes after those two.
 */
const HOME_TABS: { key: string; label: string; panel: (feed: FeedProps) => ReactNode }[] = [
  { key: 'posts', label: 'Latest Posts', panel: (feed) => <LatestPostsFeed {...feed} /> },
  { key: 'plans', label: 'Learning Plans', panel: (feed) => <PublicPlansFeed {...feed} /> },
  {
    key: 'following',
    label: 'Following',
    panel: (feed) => (
      <FollowingFeed
        {...feed}
        renderPost={(post) => <PostCard post={post} />}
        renderPlan={(plan) => <PlanCard plan={plan} />}
        renderRemotePost={(post) => (
          <Suspense fallback={<Loading compact />}>
            <RemotePostCard post={post} />
          </Suspense>
        )}
        renderFollow={renderFollow}
      />
    ),
  },
];

/** A visitor reading signed out (PUBLIC_READING) gets the feeds of everyone's things, not Following. */
const VISITOR_TABS = HOME_TABS.filter((tab) => tab.key !== 'following');

/**
 * The home page greets the user by name (a newcomer as new, with the first steps) and offers shortcuts to
 * create things, over the feeds. A visitor is welcomed instead, and reads the latest posts and the public
 * plans.
 */
export function HomePage() {
  useDocumentTitle('Home');
  const user = useViewer();
  const newcomer = useIsNewcomer(user);
  const greeting = useRef<HTMLHeadingElement>(null);
  const tabs = user ? HOME_TABS : VISITOR_TABS;
  const wide = useMediaQuery(WIDE_SCREEN) && user !== null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [bumps, setBumps] = useState(0);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === searchParams.get('tab')),
  );
  // `?refresh=` (e.g. after publishing) and every bump make the feed start again from page 0.
  const feed: FeedProps = {
    refreshKey: `${searchParams.get('refresh') ?? ''}:${bumps}`,
    onRetry: () => setBumps((count) => count + 1),
  };
  const selectTab = (index: number) => {
    setSearchParams(
      (params) => {
        params.set('tab', tabs[index]!.key);
        return params;
      },
      { replace: true },
    );
    feed.onRetry();
  };

  return (
    <div className="min-[1100px]:grid min-[1100px]:grid-cols-[minmax(0,1fr)_18rem] min-[1100px]:gap-8">
      <section aria-labelledby="home-greeting" className="min-w-0">
        {user ? (
          <>
            <h1
              id="home-greeting"
              ref={greeting}
              tabIndex={-1}
              className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
            >
              {newcomer ? `Welcome to Pathwise, ${user.name}` : `Welcome back, ${user.name}`}
            </h1>
            <p className="mt-2 text-slate-600">What would you like to work on today?</p>
            {/* Hiding the steps removes the button under focus: focus goes back to the top of the page. */}
            {newcomer && <FirstSteps onDismissed={() => greeting.current?.focus()} />}
          </>
        ) : (
          <>
            <h1
              id="home-greeting"
              className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
            >
              Welcome to Pathwise
            </h1>
            <p className="mt-2 text-slate-600">
              Read what people are learning. Sign in or join to post, follow people and track your own
              progress.
            </p>
          </>
        )}
        {user && (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {SHORTCUTS.map((shortcut) => (
              <li key={shortcut.to}>
                <Link
                  to={shortcut.to}
                  className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm motion-safe:transition hover:border-indigo-300 hover:shadow-md"
                >
                  <span className="font-semibold text-indigo-700">{shortcut.label}</span>
                  <span className="mt-1 block text-sm text-slate-600">{shortcut.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}

        <Tabs
          tabs={tabs.map((tab) => ({ key: tab.key, label: tab.label, panel: tab.panel(feed) }))}
          selectedIndex={selectedIndex}
          onChange={selectTab}
          className="mt-10"
        />
      </section>
      {wide && (
        <aside aria-label="Your plans and people to follow" className="pt-1">
          {/* The Following tab offers its own suggestions when it is empty: never the same list twice. */}
          <HomeSideColumn
            renderFollow={renderFollow}
            showSuggestions={tabs[selectedIndex]?.key !== 'following'}
          />
        </aside>
      )}
    </div>
  );
}
