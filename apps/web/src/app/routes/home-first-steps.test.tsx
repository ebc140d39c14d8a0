import { type CurrentUser, type FirstSteps, STORAGE_KEYS } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorResponse } from '../../test/error-response';
import { ANN_TOKEN, ann } from '../../test/fixtures';
import { heldResponse } from '../../test/held-response';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { renderApp } from '../../test/render-app';
import { loadPages } from '../router';

const steps = (fields: Partial<FirstSteps> = {}): FirstSteps => ({
  steps: { profile: true, follow: false, plan: false, post: false },
  followingCount: 1,
  dismissed: false,
  newcomer: true,
  ...fields,
});

/** Ann as she is the day she signs up: nothing posted, nobody followed. */
const newAnn: CurrentUser = { ...ann, createdAt: new Date().toISOString() };

/** Opens the app at `/` with `user`'s session stored, as renderApp does for Ann as she is in the fixtures. */
function openHomeAs(user: CurrentUser) {
  localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
  server.use(http.get('/api/auth/me', () => HttpResponse.json(user)));
  return renderApp('/');
}

beforeAll(() => loadPages('/'));
beforeEach(() => {
  server.use(http.get('/api/posts', () => HttpResponse.json(pageOf([]))));
});

describe('the home page’s first steps', () => {
  it('greets a newcomer as new and lists each step, its state in words and where it is done', async () => {
    server.use(http.get('/api/users/me/first-steps', () => HttpResponse.json(steps())));
    openHomeAs(newAnn);

    expect(await screen.findByRole('heading', { name: 'Welcome to Pathwise, Ann Lee' })).toBeVisible();
    const checklist = await screen.findByRole('region', { name: 'Your first steps' });
    const items = within(within(checklist).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Complete your profile: add a bio or a pictureDone',
      'Follow three people (1 of 3)Not done yet',
      'Start a learning planNot done yet',
      'Write your first postNot done yet',
    ]);
    const link = (name: RegExp) => within(checklist).getByRole('link', { name });
    expect(link(/Complete your profile/)).toHaveAttribute('href', '/profile/edit');
    expect(link(/Follow three people/)).toHaveAttribute('href', '/search');
    expect(link(/Start a learning plan/)).toHaveAttribute('href', '/create-learning-plan');
    expect(link(/Write your first post/)).toHaveAttribute('href', '/create-post');
  });

  it('greets someone the server does not count as new as returning, without the checklist', async () => {
    server.use(
      http.get('/api/users/me/first-steps', () =>
        HttpResponse.json(steps({ newcomer: false, dismissed: true })),
      ),
    );
    openHomeAs(newAnn);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your first steps' })).not.toBeInTheDocument();
  });

  it('hides the steps on the server, then greets as returning with focus on the greeting', async () => {
    let stored = steps();
    let put: unknown;
    server.use(
      http.get('/api/users/me/first-steps', () => HttpResponse.json(stored)),
      http.put('/api/users/me/first-steps', async ({ request }) => {
        put = await request.json();
        stored = steps({ dismissed: true, newcomer: false });
        return HttpResponse.json(stored);
      }),
    );
    const { user } = openHomeAs(newAnn);

    const checklist = await screen.findByRole('region', { name: 'Your first steps' });
    await user.click(within(checklist).getByRole('button', { name: 'Hide first steps' }));

    const greeting = await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' });
    expect(put).toEqual({ dismissed: true });
    expect(screen.queryByRole('region', { name: 'Your first steps' })).not.toBeInTheDocument();
    expect(greeting).toHaveFocus();
  });

  it('says when hiding failed and keeps the steps', async () => {
    server.use(
      http.get('/api/users/me/first-steps', () => HttpResponse.json(steps())),
      http.put('/api/users/me/first-steps', errorResponse(500, 'boom')),
    );
    const { user } = openHomeAs(newAnn);

    const checklist = await screen.findByRole('region', { name: 'Your first steps' });
    await user.click(within(checklist).getByRole('button', { name: 'Hide first steps' }));
    expect(await within(checklist).findByRole('alert')).toHaveTextContent(
      'Could not hide your first steps. Please try again.',
    );
    expect(screen.getByRole('heading', { name: 'Welcome to Pathwise, Ann Lee' })).toBeVisible();
  });

  it('shows a loading line, then a failure with Retry that leaves the rest of the page working', async () => {
    const held = heldResponse();
    server.use(http.get('/api/users/me/first-steps', held.resolver));
    const { user } = openHomeAs(newAnn);

    expect(await screen.findByRole('heading', { name: 'Welcome to Pathwise, Ann Lee' })).toBeVisible();
    await held.arrived;
    expect(screen.getByText('Loading your first steps...')).toHaveAttribute('role', 'status');
    server.use(http.get('/api/users/me/first-steps', errorResponse(404, 'gone')));
    held.release(HttpResponse.json({ message: 'nope' }, { status: 404 }));

    expect(await screen.findByText('Your first steps could not be loaded.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Latest Posts' })).toBeInTheDocument();
    server.use(http.get('/api/users/me/first-steps', () => HttpResponse.json(steps())));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Your first steps' })).toBeVisible();
  });

  it('greets an account made long ago as returning while its steps load', async () => {
    server.use(http.get('/api/users/me/first-steps', heldResponse().resolver));
    renderApp('/', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeVisible();
    expect(screen.queryByText('Loading your first steps...')).not.toBeInTheDocument();
  });
});
