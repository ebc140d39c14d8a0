import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function BrokenPage(): never {
  throw new Error('boom');
}

it("shows 'Unexpected Application Error!' when a route fails to render", async () => {
  // The router reports the error on the console; this test only looks at the page.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', Component: BrokenPage, ErrorBoundary: RouteError }]);
  render(<RouterProvider router={router} />);

  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
});
