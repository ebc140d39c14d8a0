import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function BrokenPage(): never {
  throw new Error('boom');
}

it("shows 'Unexpected Application Error!' when a page fails to render", async () => {
  // React reports the error on the console; this test only looks at the page.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <RouteErrorBoundary>
      <BrokenPage />
    </RouteErrorBoundary>,
  );

  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
});
