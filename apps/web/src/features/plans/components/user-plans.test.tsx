import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { bobRef, planFixture } from '../../../test/plans';
import { renderApp } from '../../../test/render-app';

const bob = { ...ann, ...bobRef, handle: 'bob', email: 'bob@example.com' };

/** Bob's profile with an empty Posts tab; the Learning Plans tab is what is tested. */
function serveBobsProfile() {
  server.use(
    http.get('/api/users/8', () => HttpResponse.json(bob)),
    http.get('/api/posts/user/8', () => HttpResponse.json(pageOf([]))),
  );
}

async function openPlansTab() {
  const { user } = renderApp('/profile/8', { signedIn: true });
  await user.click(await screen.findByRole('tab', { name: 'Learning Plans' }));
  return user;
}

describe("profile 'Learning Plans' tab", () => {
  it("lists the user's plans ten at a time, without Edit or Delete for a visitor", async () => {
    serveBobsProfile();
    const asked: string[] = [];
    server.use(
      http.get('/api/learning-plans/user/8', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('page')}/${query.get('size')}`);
        return HttpResponse.json(
          query.get('page') === '0'
            ? pageOf([planFixture({ creator: bobRef })], 0, false)
            : pageOf([planFixture({ id: 6, title: 'Cello basics', creator: bobRef })], 1, true),
        );
      }),
    );
    const user = await openPlansTab();

    const card = (await screen.findByRole('heading', { name: 'Learn Rust' })).closest('article')!;
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Cello basics' })).toBeInTheDocument();
    expect(asked).toEqual(['0/10', '1/10']);
  });

  it("says 'Failed to load learning plans' and loads them again on Retry", async () => {
    serveBobsProfile();
    server.use(http.get('/api/learning-plans/user/8', errorResponse(404, 'User not found')));
    const user = await openPlansTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load learning plans');
    server.use(
      http.get('/api/learning-plans/user/8', () =>
        HttpResponse.json(pageOf([planFixture({ creator: bobRef })])),
      ),
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Learn Rust' })).toBeInTheDocument();
  });

  it('shows a visitor the empty state without a link to create one', async () => {
    serveBobsProfile();
    server.use(http.get('/api/learning-plans/user/8', () => HttpResponse.json(pageOf([]))));
    await openPlansTab();

    expect(await screen.findByText('No learning plans yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a learning plan' })).not.toBeInTheDocument();
  });
});
