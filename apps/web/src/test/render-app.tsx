import { type CurrentUser, STORAGE_KEYS } from '@pathwise/contract';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLayoutEffect } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  type NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { App, loadPages } from '../app/router';
import { ANN_TOKEN, ann } from './fixtures';
import { server } from './msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from './page-load-timeout';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** What a test reads of the router and asks of it. */
type TestRouter = {
  /** Where the app shows, and how it got there. */
  state: { location: Location; historyAction: NavigationType };
  /** Where the app is going: ahead of `state` while the next page's code loads. */
  destination: () => Location;
  navigate: (to: string) => Promise<void>;
  /** Resolves once the app shows `pathname`: the page's code may take seconds to load on a busy machine. */
  arrivesAt: (pathname: string) => Promise<void>;
};

/** Keeps `state` up to date with what the router shows, and `visited` with every path it showed. */
function RouterProbe({ state, visited }: { state: TestRouter['state']; visited: Set<string> }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => {
    Object.assign(state, { location, historyAction });
    visited.add(location.pathname);
  });
  return null;
}

/**
 * Renders the whole app at `entry`, optionally with Ann's session stored as after an earlier visit (`me`
 * changes what the server says of her, a moderator say).
 */
export function renderApp(
  entry: Entry,
  { signedIn = false, me = ann }: { signedIn?: boolean; me?: CurrentUser } = {},
) {
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    server.use(http.get('/api/auth/me', () => HttpResponse.json(me)));
  }
  // A memory history of our own, so that tests can see where a navigation is going.
  const history = createMemoryHistory({ initialEntries: [entry], v5Compat: true });
  const router: TestRouter = {
    state: { location: history.location, historyAction: history.action },
    destination: () => history.location,
    navigate: (to) => act(async () => history.push(to)),
    arrivesAt: (pathname) =>
      vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname), {
        timeout: PAGE_LOAD_TIMEOUT_MS,
      }),
  };
  // The app fetches the code of every page on a path, even one a guard then leaves, the layout
  // fetches the notification stream after its first paint, and texts fetch the Markdown renderer
  // after theirs: the test waits for it all, since a module arriving after the test file has ended
  // fails the run.
  const visited = new Set<string>();
  onTestFinished(async () => {
    await Promise.all([
      ...[...visited].map(loadPages),
      import('../components/markdown/markdown-view'),
      import('eventsource'),
    ]);
  });
  const user = userEvent.setup();
  render(
    <HistoryRouter history={history}>
      <App />
      <RouterProbe state={router.state} visited={visited} />
    </HistoryRouter>,
  );
  return { router, user };
}
