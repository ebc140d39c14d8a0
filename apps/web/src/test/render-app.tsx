import { STORAGE_KEYS } from '@pathwise/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '../app/router';
import { ANN_TOKEN, ann } from './fixtures';
import { server } from './msw-server';

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the whole app at `entry`, optionally with Ann's session stored as after an earlier visit. */
export function renderApp(entry: Entry, { signedIn = false } = {}) {
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    server.use(http.get('/api/auth/me', () => HttpResponse.json(ann)));
  }
  const router = createMemoryRouter(createRoutes(), { initialEntries: [entry] });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user };
}
