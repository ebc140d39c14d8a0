import { GROUP_MESSAGES, type Post } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { responseConfirmation } from '../../test/confirmation';
import { ann } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { bob, findProfileHeading, loadProfileRoute, serveProfiles } from '../../test/profiles';
import { renderApp } from '../../test/render-app';

const annsPost: Post = {
  id: 31,
  title: 'Week one of Go',
  content: 'Goroutines finally clicked.',
  createdAt: '2026-01-06T10:00:00.000Z',
  updatedAt: '2026-01-06T10:00:00.000Z',
  category: 'PROGRAMMING',
  learningProgressPercent: null,
  author: { id: ann.id, name: ann.name, profilePicture: null },
  media: [],
  tags: [],
  likesCount: 0,
  sharesCount: 0,
  commentsCount: 0,
  isLikedByCurrentUser: false,
  isSaved: false,
  editedAt: null,
  readingMinutes: 1,
  coverMediaId: null,
  coverChosen: false,
};

beforeAll(loadProfileRoute);

describe('profile tabs', () => {
  it("shows the owner's empty Posts and Learning Plans tabs with links to create them", async () => {
    serveProfiles();
    server.use(
      http.get('/api/learning-plans/user/7', () => HttpResponse.json(pageOf([], 0, true))),
      http.get('/api/users/7/groups', () => HttpResponse.json(pageOf([]))),
    );
    const { user } = renderApp('/profile/7', { signedIn: true });
    await findProfileHeading('Ann Lee');

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Posts',
      'Learning Plans',
      'Activity',
      'Groups',
    ]);
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create your first post' })).toHaveAttribute(
      'href',
      '/create-post',
    );

    await user.click(screen.getByRole('tab', { name: 'Learning Plans' }));
    expect(await screen.findByText('No learning plans yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a learning plan' })).toHaveAttribute(
      'href',
      '/create-learning-plan',
    );

    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(await screen.findByText(GROUP_MESSAGES.noUserGroups)).toBeInTheDocument();
  });

  it("lists the person's study groups in the Groups tab", async () => {
    serveProfiles(bob);
    const groups = [
      {
        id: 9,
        name: 'Rust evenings',
        description: null,
        isPublic: true,
        plan: { id: 5, title: 'Learn Rust' },
        founder: { id: 8, name: 'Bob Stone', profilePicture: null },
        startDate: null,
        topicsPerWeek: null,
        memberCount: 3,
        createdAt: '2026-01-05T10:00:00.000Z',
        viewerRole: null,
        inviteToken: null,
      },
    ];
    server.use(http.get('/api/users/8/groups', () => HttpResponse.json(pageOf(groups))));
    const { user } = renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    const list = await screen.findByRole('list', { name: 'Study groups' });
    expect(within(list).getByRole('link', { name: 'Rust evenings' })).toHaveAttribute('href', '/groups/9');
    expect(list).toHaveTextContent('Learn Rust · 3 members');
  });

  it("offers no create links on someone else's profile", async () => {
    serveProfiles(bob);
    renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');

    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your first post' })).not.toBeInTheDocument();
  });

  it('counts one post fewer when the owner deletes one from the Posts tab', async () => {
    serveProfiles({ ...ann, postsCount: 1 });
    server.use(
      http.get('/api/posts/user/7', () => HttpResponse.json(pageOf([annsPost], 0, true))),
      http.delete('/api/posts/31', () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderApp('/profile/7', { signedIn: true });
    const header = (await findProfileHeading('Ann Lee')).closest('section')!;
    expect(header).toHaveTextContent('1 Posts');

    const card = (await screen.findByRole('link', { name: /Week one of Go/ })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    await vi.waitFor(() => expect(header).toHaveTextContent('0 Posts'));
  });
});
