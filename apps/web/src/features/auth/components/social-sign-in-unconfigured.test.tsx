import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

// A file of its own: the page keeps the list of providers it was given for as long as it is open.
it('offers no social sign-in when the server has no provider configured, asking once', async () => {
  let asked = 0;
  server.use(
    http.get('/api/auth/oauth2/providers', () => {
      asked += 1;
      return HttpResponse.json({ providers: [] });
    }),
  );
  const { user } = renderApp('/login');

  expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  await vi.waitFor(() => expect(asked).toBe(1));
  expect(screen.queryByText('Or continue with')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();

  // The sign-up form reuses the response.
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  expect(asked).toBe(1);
});
