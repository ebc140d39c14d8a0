import { SAVED_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { heldResponse } from '../test/held-response';
import { server } from '../test/msw-server';
import { SaveButton } from './save-button';

function renderButton(isSaved: boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SaveButton kind="posts" target={{ id: 42, isSaved }} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), button: () => screen.getByRole('button', { name: /Save/ }) };
}

it('shows Saved at once, sends PUT, and keeps it when the server agrees', async () => {
  const response = heldResponse();
  server.use(http.put('/api/saved/posts/42', response.resolver));
  const { user, button } = renderButton(false);
  expect(button()).toHaveAttribute('aria-pressed', 'false');

  await user.click(button());

  expect(button()).toHaveTextContent('Saved');
  expect(button()).toHaveAttribute('aria-pressed', 'true');
  // Busy but still focused: a keyboard user keeps their place, and a second click waits.
  expect(button()).toHaveAttribute('aria-busy', 'true');
  expect(button()).toHaveFocus();
  await user.click(button());
  expect(button()).toHaveTextContent('Saved');
  await response.arrived;
  response.release(HttpResponse.json({ saved: true }));
  await waitFor(() => expect(button()).not.toHaveAttribute('aria-busy'));
  expect(button()).toHaveTextContent('Saved');
});

it('goes back and says so when the server refuses an unsave', async () => {
  server.use(
    http.delete('/api/saved/posts/42', () =>
      HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Post not found' }, { status: 404 }),
    ),
  );
  const { user, button } = renderButton(true);

  await user.click(button());

  expect(await screen.findByRole('alert')).toHaveTextContent(SAVED_MESSAGES.updateFailed);
  expect(button()).toHaveTextContent('Saved');
  expect(button()).toHaveAttribute('aria-pressed', 'true');
});
