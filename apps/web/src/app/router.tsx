import { OAUTH_PATHS } from '@pathwise/contract';
import { type ComponentType, lazy, useLayoutEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { dropEarlySignIn } from '../lib/auth/early-sign-in';
import { AppRoot } from './app-root';
import { RequireUser, RequireVisitor } from './guards';
import { RouteErrorBoundary } from './route-error';

type PageLoader = () => Promise<ComponentType>;

/**
 * A route's page whose code is fetched the first time it shows (AppRoot's Suspense covers the wait).
 * `handle.load` lets App fetch every page on the way at once, as a data router does: else a nested
 * page's code would only be asked for once its layout's had arrived.
 */
function lazyPage(load: PageLoader): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return { element: <Page />, handle: { load } };
}

/**
 * Every page of docs/product.md that exists so far; a path not listed falls to the 404 page. Pages are
 * lazy-loaded so each one only costs the JavaScript it needs. Public pages that neither guard
 * applies to (such as /oauth2/redirect) go directly under the root.
 *
 * Declarative routes rather than a data router (createBrowserRouter): the app uses no loader or
 * action, and the data router would add 17.6 kB (gzip) to every page's first paint, which the
 * sign-in page's budget cannot hold (docs/testing.md, "Budgets").
 */
const ROUTES: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        path: OAUTH_PATHS.redirectPage,
        ...lazyPage(() =>
          import('../features/auth/pages/oauth-redirect-page').then((m) => m.OAuthRedirectPage),
        ),
      },
      {
        // Public: a reset link works whether or not someone is signed in on this browser.
        path: '/reset-password',
        ...lazyPage(() =>
          import('../features/auth/pages/password-reset-pages').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        // Public: the link mailed to a new address may be opened on a device that is not signed in.
        path: '/confirm-email',
        ...lazyPage(() =>
          import('../features/auth/pages/confirm-email-page').then((m) => m.ConfirmEmailPage),
        ),
      },
      {
        element: <RequireVisitor />,
        children: [
          {
            path: '/forgot-password',
            ...lazyPage(() =>
              import('../features/auth/pages/password-reset-pages').then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            path: '/login',
            ...lazyPage(() => import('../features/auth/pages/auth-page').then((m) => m.LoginPage)),
          },
          {
            path: '/signup',
            ...lazyPage(() => import('../features/auth/pages/auth-page').then((m) => m.SignupPage)),
          },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            ...lazyPage(() => import('./layout/app-layout').then((m) => m.AppLayout)),
            children: [
              { path: '/', ...lazyPage(() => import('./routes/home-page').then((m) => m.HomePage)) },
              {
                path: '/profile/:userId?',
                ...lazyPage(() => import('./routes/profile').then((m) => m.ProfilePage)),
              },
              {
                path: '/profile/edit',
                ...lazyPage(() =>
                  import('../features/users/pages/edit-profile-page').then((m) => m.EditProfilePage),
                ),
              },
              {
                path: '/post/:postId',
                ...lazyPage(() =>
                  import('../features/posts/pages/post-detail-page').then((m) => m.PostDetailPage),
                ),
              },
              {
                path: '/create-post',
                ...lazyPage(() => import('./routes/create-post-page').then((m) => m.CreatePostPage)),
              },
              {
                path: '/edit-post/:postId',
                ...lazyPage(() =>
                  import('../features/posts/pages/edit-post-page').then((m) => m.EditPostPage),
                ),
              },
              {
                path: '/learning-plan/:planId',
                ...lazyPage(() => import('./routes/plan-page').then((m) => m.PlanPage)),
              },
              {
                path: '/learning-plan/:planId/progress/:handle',
                ...lazyPage(() =>
                  import('../features/plans/pages/shared-progress-page').then((m) => m.SharedProgressPage),
                ),
              },
              {
                path: '/learning-plan/:planId/edit',
                ...lazyPage(() => import('./routes/edit-plan-page').then((m) => m.EditPlanPage)),
              },
              {
                path: '/create-learning-plan',
                ...lazyPage(() => import('./routes/create-plan-page').then((m) => m.CreatePlanPage)),
              },
              {
                path: '/explore',
                ...lazyPage(() => import('./routes/explore-page').then((m) => m.ExplorePage)),
              },
              {
                path: '/saved',
                ...lazyPage(() => import('./routes/saved-page').then((m) => m.SavedPage)),
              },
              {
                path: '/drafts',
                ...lazyPage(() => import('../features/drafts/pages/drafts-page').then((m) => m.DraftsPage)),
              },
              {
                path: '/scheduled',
                ...lazyPage(() =>
                  import('../features/posts/pages/scheduled-posts-page').then((m) => m.ScheduledPostsPage),
                ),
              },
              {
                path: '/groups',
                ...lazyPage(() =>
                  import('../features/groups/pages/my-groups-page').then((m) => m.MyGroupsPage),
                ),
              },
              {
                path: '/groups/:groupId',
                ...lazyPage(() => import('../features/groups/pages/group-page').then((m) => m.GroupPage)),
              },
              {
                path: '/notes',
                ...lazyPage(() => import('../features/notes/pages/my-notes-page').then((m) => m.MyNotesPage)),
              },
              {
                path: '/analytics',
                ...lazyPage(() =>
                  import('../features/analytics/pages/analytics-page').then((m) => m.AnalyticsPage),
                ),
              },
              {
                path: '/notifications',
                ...lazyPage(() =>
                  import('../features/notifications/pages/notifications-page').then(
                    (m) => m.NotificationsPage,
                  ),
                ),
              },
              {
                path: '/settings',
                ...lazyPage(() => import('./routes/settings-page').then((m) => m.SettingsPage)),
              },
              {
                path: '/moderation',
                ...lazyPage(() => import('../features/reports').then((m) => m.ModerationPage)),
              },
              {
                path: '/tags/:tag',
                ...lazyPage(() => import('./routes/tag-page').then((m) => m.TagPage)),
              },
              {
                path: '/search',
                ...lazyPage(() => import('./routes/search-page').then((m) => m.SearchPage)),
              },
              {
                // `/@handle`: React Router matches whole segments, so the page checks for the `@`.
                path: '/:handle',
                ...lazyPage(() => import('./routes/profile').then((m) => m.HandleProfilePage)),
              },
              {
                path: '*',
                ...lazyPage(() => import('./routes/not-found-page').then((m) => m.NotFoundPage)),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts fetching the code of every page the routes show at `pathname`, all at once, guarded or
 * not; settles once all have arrived or failed (the page itself reports a failure).
 */
export function loadPages(pathname: string) {
  return Promise.allSettled(
    (matchRoutes(ROUTES, pathname) ?? []).map(({ route }) =>
      (route.handle as { load?: PageLoader } | undefined)?.load?.(),
    ),
  );
}

/** The whole app, inside whichever router the caller provides (the browser's, or a test's memory). */
export function App() {
  // In render, so that a navigation's pages start loading together; repeating it costs nothing,
  // since import() answers with the module already loading or loaded.
  const { pathname } = useLocation();
  void loadPages(pathname);
  // index.html's sign-in form waits for the sign-in page to take it over; any other page replaces it.
  useLayoutEffect(() => {
    if (pathname !== '/login') dropEarlySignIn();
  }, [pathname]);
  return <RouteErrorBoundary>{useRoutes(ROUTES)}</RouteErrorBoundary>;
}
