import { STORAGE_KEYS } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { responseConfirmation } from '../../../test/confirmation';
import { errorResponse } from '../../../test/error-response';
import { ANN_TOKEN, ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { bobRef, postFixture } from '../test/posts';
import { UserPosts } from './user-posts';

function WhenSignedIn({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}

/** UserPosts as the profile page shows it, for Ann. */
function renderUserPosts(userId: number, isOwnProfile: boolean) {
  localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
  server.use(http.get('/api/auth/me', () => HttpResponse.json(ann)));
  const onPostDeleted = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <AuthProvider>
          <QueryClientProvider client={queryClient}>
            <WhenSignedIn>
              <UserPosts userId={userId} isOwnProfile={isOwnProfile} onPostDeleted={onPostDeleted} />
            </WhenSignedIn>
          </QueryClientProvider>
        </AuthProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { onPostDeleted, user: userEvent.setup() };
}

function serveUserPosts(userId: number, ...pages: ReturnType<typeof postFixture>[][]) {
  const requested: string[] = [];
  server.use(
    http.get(`/api/posts/user/${userId}`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requested.push(`${params.get('page')}/${params.get('size')}`);
      const page = Number(params.get('page'));
      return HttpResponse.json(pageOf(pages[page] ?? [], page, page >= pages.length - 1));
    }),
  );
  return requested;
}

describe("a profile's posts", () => {
  it("lists the user's posts ten at a time with 'Load More'", async () => {
    const requested = serveUserPosts(
      8,
      [postFixture({ id: 1, title: 'Cello scales', author: bobRef })],
      [postFixture({ id: 2, title: 'Bow hold', author: bobRef })],
    );
    const { user } = renderUserPosts(8, false);

    expect(await screen.findByRole('heading', { name: 'Cello scales' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('heading', { name: 'Bow hold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(requested).toEqual(['0/10', '1/10']);
  });

  it("links the owner's empty list to /create-post, and not someone else's", async () => {
    serveUserPosts(7, []);
    renderUserPosts(7, true);
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first post' })).toHaveAttribute(
      'href',
      '/create-post',
    );
  });

  it('offers no creation link on an empty list of someone else', async () => {
    serveUserPosts(8, []);
    renderUserPosts(8, false);
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your first post' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load posts' with a Retry", async () => {
    let calls = 0;
    server.use(
      http.get('/api/posts/user/8', () => {
        calls++;
        return calls === 1
          ? errorResponse(404, 'User profile not found.')()
          : HttpResponse.json(pageOf([postFixture()]));
      }),
    );
    const { user } = renderUserPosts(8, false);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load posts');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Learning Rust ownership' })).toBeInTheDocument();
  });

  it('tells the profile when one of its posts was deleted', async () => {
    serveUserPosts(7, [postFixture()]);
    server.use(http.delete('/api/posts/42', () => new HttpResponse(null, { status: 204 })));
    const { user, onPostDeleted } = renderUserPosts(7, true);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByText('Post deleted successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(onPostDeleted).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
  });

  it("says 'Failed to delete post' when the delete is refused", async () => {
    serveUserPosts(7, [postFixture()]);
    server.use(
      http.delete('/api/posts/42', errorResponse(403, 'You do not have permission to delete this post')),
    );
    const { user, onPostDeleted } = renderUserPosts(7, true);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to delete post$/);
    expect(onPostDeleted).not.toHaveBeenCalled();
  });
});
