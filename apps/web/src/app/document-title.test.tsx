import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { planFixture } from '../test/plans';
import { renderApp } from '../test/render-app';
import { loadPages } from './router';

// The pages' code first, so the tests wait for the pages and not for a cold import on a busy machine.
beforeAll(() => Promise.all(['/learning-plan/5', '/notifications', '/login'].map(loadPages)));

describe('document title', () => {
  it("names each page, with the plan's own title on its page", async () => {
    server.use(http.get('/api/learning-plans/5', () => HttpResponse.json(planFixture())));
    const { router } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('heading', { level: 1, name: 'Learn Rust' });
    expect(document.title).toBe('Learning plan: Learn Rust · Pathwise');

    await router.navigate('/notifications');
    await vi.waitFor(() => expect(document.title).toBe('Notifications · Pathwise'));
  });

  it('names the sign-in page', async () => {
    renderApp('/login');

    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(document.title).toBe('Sign in · Pathwise');
  });
});
