import type { SavedItem } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { postFixture } from '../../features/posts/test/posts';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';

const savedAt = '2026-01-06T10:00:00.000Z';

it('lists saved posts and plans as their cards, each showing Saved, and unsaves from there', async () => {
  const items: SavedItem[] = [
    {
      type: 'LEARNING_PLAN',
      savedAt,
      learningPlan: planFixture({ id: 5, title: 'Learn Rust', isSaved: true }),
    },
    { type: 'POST', savedAt, post: postFixture({ id: 42, isSaved: true }) },
  ];
  const unsaved: string[] = [];
  server.use(
    http.get('/api/saved', () => HttpResponse.json(pageOf(items))),
    http.delete('/api/saved/posts/:id', ({ params }) => {
      unsaved.push(String(params.id));
      return HttpResponse.json({ saved: false });
    }),
  );
  const { user } = renderApp('/saved', { signedIn: true });

  expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
  const postCard = await screen.findByRole('article', { name: 'Learning Rust ownership' });
  const planCard = screen.getByRole('article', { name: 'Learn Rust' });
  expect(within(planCard).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  const postSave = within(postCard).getByRole('button', { name: 'Saved' });

  await user.click(postSave);

  expect(within(postCard).getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => unsaved).toEqual(['42']);
});

it('says when nothing is saved yet', async () => {
  server.use(http.get('/api/saved', () => HttpResponse.json(pageOf([]))));
  renderApp('/saved', { signedIn: true });

  expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeInTheDocument();
});

it('offers to retry when the list cannot be loaded', async () => {
  server.use(http.get('/api/saved', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
  renderApp('/saved', { signedIn: true });

  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
