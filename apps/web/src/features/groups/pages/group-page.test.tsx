import {
  GROUP_MESSAGES,
  type Group,
  type GroupActivity,
  type GroupBoard,
  type GroupPost,
  MEDIA_MESSAGES,
  type PostMedia,
} from '@pathwise/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { UNREACHABLE_MESSAGE } from '../../../lib/api-client';
import { errorResponse } from '../../../test/error-response';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';

const group: Group = {
  id: 9,
  name: 'Rust evenings',
  description: 'One topic a week',
  isPublic: false,
  plan: { id: 5, title: 'Learn Rust' },
  founder: { id: 77, name: 'Cleo Founder', profilePicture: null },
  startDate: '2026-01-05',
  topicsPerWeek: 1,
  memberCount: 2,
  createdAt: '2026-01-05T10:00:00.000Z',
  viewerRole: null,
  inviteToken: null,
};

const board: GroupBoard = {
  topics: [
    { id: 11, title: 'Ownership' },
    { id: 12, title: 'Traits' },
  ],
  expectedCompleted: 1,
  members: pageOf([
    {
      user: { id: 77, name: 'Cleo Founder', profilePicture: null },
      role: 'FOUNDER',
      joinedAt: '2026-01-05T10:00:00.000Z',
      statuses: ['COMPLETED', 'IN_PROGRESS'],
      completed: 1,
      skipped: 0,
      pace: 'ON_TRACK',
    },
    {
      user: { id: ann.id, name: ann.name, profilePicture: null },
      role: 'MEMBER',
      joinedAt: '2026-01-06T10:00:00.000Z',
      statuses: ['SKIPPED', 'NOT_STARTED'],
      completed: 0,
      skipped: 1,
      pace: 'BEHIND',
    },
  ]),
};

const finished: GroupActivity = {
  user: { id: 77, name: 'Cleo Founder', profilePicture: null },
  topic: { id: 11, title: 'Ownership' },
  doneAt: '2026-01-07T10:00:00.000Z',
};

describe('the group page', () => {
  it('joins through the invite link, then shows the board', async () => {
    let joined = false;
    const bodies: unknown[] = [];
    const invites: (string | null)[] = [];
    server.use(
      http.get('/api/groups/9', ({ request }) => {
        invites.push(new URL(request.url).searchParams.get('invite'));
        return HttpResponse.json({ ...group, viewerRole: joined ? 'MEMBER' : null });
      }),
      http.post('/api/groups/9/members', async ({ request }) => {
        bodies.push(await request.json());
        joined = true;
        return HttpResponse.json({ ...group, viewerRole: 'MEMBER' });
      }),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([finished]))),
      http.get('/api/groups/9/posts', () =>
        HttpResponse.json(
          pageOf([
            {
              id: 40,
              author: { id: 77, name: 'Cleo Founder', profilePicture: null },
              content: 'Week 1: **ownership**',
              media: [],
              createdAt: '2026-01-06T10:00:00.000Z',
              replies: [
                {
                  id: 41,
                  author: { id: ann.id, name: ann.name, profilePicture: null },
                  content: 'Done!',
                  media: [],
                  createdAt: '2026-01-06T11:00:00.000Z',
                },
              ],
            },
          ]),
        ),
      ),
    );
    renderApp('/groups/9?invite=secret-token', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Rust evenings' })).toBeVisible();
    expect(invites[0]).toBe('secret-token');
    // Not a member yet: no board.
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Join the group' }));
    expect(bodies).toEqual([{ inviteToken: 'secret-token' }]);

    const table = await screen.findByRole('table');
    const cleo = within(table).getByRole('row', { name: /Cleo Founder/ });
    expect(
      within(cleo)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['✓done', '…in progress', '1/2', 'On track', expect.stringMatching(/ ago, /)]);
    const annRow = within(table).getByRole('row', { name: new RegExp(ann.name) });
    // A skipped topic is not done: the Done column says so in the plan cards' words.
    expect(within(annRow).getAllByRole('cell')[2]).toHaveTextContent(/^0\/2, 1 skipped$/);
    expect(annRow).toHaveTextContent('Behind');
    expect(screen.getByText('The pace expects 1 of 2 topics done by today.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Leave the group' })).toBeVisible();
    const activity = await screen.findByRole('list', { name: 'Activity' });
    expect(within(activity).getByRole('listitem')).toHaveTextContent(/^Cleo Founder finished Ownership ·/);
    const post = await screen.findByRole('article', { name: 'Cleo Founder’s post' });
    expect((await within(post).findByText('ownership')).tagName).toBe('STRONG');
    expect(within(screen.getByRole('list', { name: 'Replies' })).getByText('Done!')).toBeVisible();
    // Members report the group and others' posts to the moderators.
    expect(screen.getByRole('button', { name: 'Report study group' })).toBeVisible();
    expect(within(post).getByRole('button', { name: 'Report post by Cleo Founder' })).toBeVisible();
    // Members never see the organisers' invite link.
    expect(screen.queryByRole('textbox', { name: 'Invite link' })).toBeNull();
  });

  it('posts photos with their descriptions, keeps what was typed meanwhile, and shows them', async () => {
    const photo: PostMedia = {
      id: 3,
      type: 'IMAGE',
      fileUrl: '/api/media/posts/board.png',
      thumbnailUrl: '/api/media/posts/board.webp',
      width: 40,
      height: 20,
      durationSeconds: null,
      altText: 'Our whiteboard',
    };
    const posts: GroupPost[] = [];
    const received: { post: unknown; files: string[] }[] = [];
    let answer = () => {};
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, viewerRole: 'MEMBER' })),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf(posts))),
      http.post('/api/groups/9/posts', async ({ request }) => {
        const form = await request.formData();
        received.push({
          post: JSON.parse(await (form.get('post') as File).text()),
          files: await Promise.all(form.getAll('files').map((file) => (file as File).text())),
        });
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        const made: GroupPost = {
          id: 50,
          author: { id: ann.id, name: ann.name, profilePicture: null },
          content: 'Week 2 board',
          media: [photo],
          createdAt: '2026-01-13T10:00:00.000Z',
          replies: [],
        };
        posts.push(made);
        return HttpResponse.json(made, { status: 201 });
      }),
    );
    renderApp('/groups/9', { signedIn: true });
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'New post (Markdown)' });
    await u.type(box, 'Week 2 board');
    await u.upload(screen.getByLabelText('Add photos or videos'), [
      new File(['png bytes'], 'board.png', { type: 'image/png' }),
    ]);
    // An image nobody described gets a reminder first.
    await u.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(MEDIA_MESSAGES.altTextMissing)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Add descriptions' }));
    expect(screen.getByLabelText('Describe board.png')).toHaveFocus();
    await u.paste('Our whiteboard');
    await u.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(received).toHaveLength(1));
    await u.clear(box);
    await u.type(box, 'Next');
    answer();

    const made = await screen.findByRole('article', { name: `${ann.name}’s post` });
    expect(received[0]).toEqual({
      post: { content: 'Week 2 board', altTexts: ['Our whiteboard'] },
      files: ['png bytes'],
    });
    const link = within(made).getByRole('link', { name: 'Open image 1 of 1 full size: Our whiteboard' });
    expect(link).toHaveAttribute('href', photo.fileUrl);
    expect(within(link).getByRole('img', { name: 'Our whiteboard' })).toHaveAttribute(
      'src',
      photo.thumbnailUrl,
    );
    expect(box).toHaveValue('Next');
    expect(screen.queryByLabelText('Describe board.png')).toBeNull();
  });

  it("keeps a post the server could not take, saying so in a person's words", async () => {
    const failures = [HttpResponse.error(), new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })];
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, viewerRole: 'MEMBER' })),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf([]))),
      http.post('/api/groups/9/posts', () => failures.shift()),
    );
    renderApp('/groups/9', { signedIn: true });
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'New post (Markdown)' });
    await u.type(box, 'Week 3 notes');
    await u.click(screen.getByRole('button', { name: 'Post' }));
    const failure = await screen.findByText(UNREACHABLE_MESSAGE);
    expect(failure.closest('[role="alert"]')).toHaveTextContent(GROUP_MESSAGES.postFailed);
    expect(box).toHaveValue('Week 3 notes');

    await u.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Something went wrong on the server. Please try again.')).toBeVisible();
    expect(screen.queryByText(/Failed to fetch|status 502/)).toBeNull();
    expect(box).toHaveValue('Week 3 notes');
  });

  it('shows organisers the invite link and lets them revoke it', async () => {
    let token: string | null = 'abc123';
    server.use(
      http.get('/api/groups/9', () =>
        HttpResponse.json({ ...group, viewerRole: 'FOUNDER', inviteToken: token }),
      ),
      http.delete('/api/groups/9/invite', () => {
        token = null;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf([]))),
    );
    renderApp('/groups/9', { signedIn: true });

    const link = await screen.findByRole('textbox', { name: 'Invite link' });
    expect((link as HTMLInputElement).value).toMatch(/\/groups\/9\?invite=abc123$/);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the link' }));
    expect(await screen.findByText(GROUP_MESSAGES.inviteRevoked)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Ann Lee' })).toBeVisible();
    // Nobody reports their own group.
    expect(screen.queryByRole('button', { name: 'Report study group' })).toBeNull();
    expect(await screen.findByText(GROUP_MESSAGES.noPosts)).toBeVisible();
    expect(screen.getByText(GROUP_MESSAGES.noActivity)).toBeVisible();
  });

  it('sorts the board from its column headers by keyboard, keeping the order in the URL', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, viewerRole: 'MEMBER' })),
      http.get('/api/groups/9/progress', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('sort')} ${query.get('direction')}`);
        return HttpResponse.json(board);
      }),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf([]))),
    );
    const { router, user } = renderApp('/groups/9?sort=progress&direction=asc', { signedIn: true });

    const table = await screen.findByRole('table');
    const header = (name: string) =>
      within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(asked).toEqual(['progress asc']);
    expect(header('Done')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Member')).not.toHaveAttribute('aria-sort');

    within(header('Member')).getByRole('button', { name: 'Member' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header('Member')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Done')).not.toHaveAttribute('aria-sort');
    // The same header again turns the order round; the URL keeps it for a reload.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header('Member')).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sort=name&direction=desc');
    // Done sorts the furthest along first.
    await user.click(within(header('Done')).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(header('Done')).toHaveAttribute('aria-sort', 'descending'));
    await user.click(screen.getByRole('button', { name: 'Organisers first' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(asked).toEqual(['progress asc', 'name asc', 'name desc', 'progress desc', 'role asc']);
  });

  it('lists the people removed to organisers, who let them back in', async () => {
    let removed = true;
    const lifted: string[] = [];
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, viewerRole: 'FOUNDER' })),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/activity', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/removals', () =>
        HttpResponse.json(
          pageOf(
            removed
              ? [
                  {
                    user: { id: 31, name: 'Dee Gone', profilePicture: null },
                    removedBy: { id: 77, name: 'Cleo Founder', profilePicture: null },
                    removedAt: '2026-01-08T10:00:00.000Z',
                  },
                ]
              : [],
          ),
        ),
      ),
      http.delete('/api/groups/9/removals/:userId', ({ params }) => {
        lifted.push(String(params.userId));
        removed = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/groups/9', { signedIn: true });

    const list = await screen.findByRole('list', { name: 'Removed members' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/^Dee Gone removed by Cleo Founder · /);
    expect(screen.getByText(GROUP_MESSAGES.removedHint)).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Let Dee Gone back in' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Removed' })).toBeNull());
    expect(lifted).toEqual(['31']);
  });

  it('tells someone removed from the group why they cannot join', async () => {
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, isPublic: true })),
      http.post('/api/groups/9/members', errorResponse(403, GROUP_MESSAGES.removed)),
    );
    const { user } = renderApp('/groups/9', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Join the group' }));
    expect(await screen.findByText(GROUP_MESSAGES.removed)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages the activity newest first, and offers a retry when it fails', async () => {
    const pages: string[] = [];
    let fail = true;
    server.use(
      http.get('/api/groups/9', () => HttpResponse.json({ ...group, viewerRole: 'MEMBER' })),
      http.get('/api/groups/9/progress', () => HttpResponse.json(board)),
      http.get('/api/groups/9/posts', () => HttpResponse.json(pageOf([]))),
      http.get('/api/groups/9/activity', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '0';
        pages.push(page);
        if (fail) return errorResponse(500, 'Boom')();
        const traits = { ...finished, topic: { id: 12, title: 'Traits' } };
        return HttpResponse.json(page === '0' ? pageOf([traits], 0, false) : pageOf([finished], 1, true));
      }),
    );
    renderApp('/groups/9', { signedIn: true });

    expect(await screen.findByText(GROUP_MESSAGES.activityFailed)).toBeVisible();
    fail = false;
    const section = screen.getByRole('region', { name: 'Activity' });
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    const activity = await within(section).findByRole('list', { name: 'Activity' });
    expect(within(activity).getByRole('listitem')).toHaveTextContent(/^Cleo Founder finished Traits/);
    await userEvent.click(within(section).getByRole('button', { name: 'Load More' }));
    await within(activity).findByText(/finished Ownership/);
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Cleo Founder finished Traits/),
      expect.stringMatching(/^Cleo Founder finished Ownership/),
    ]);
    expect(pages.at(-1)).toBe('1');
  });

  it('says when the group does not exist (or is not the viewer’s to see)', async () => {
    server.use(http.get('/api/groups/9', errorResponse(404, GROUP_MESSAGES.groupNotFound)));
    renderApp('/groups/9', { signedIn: true });
    expect(await screen.findByRole('heading', { name: GROUP_MESSAGES.groupNotFound })).toBeVisible();
  });

  it('offers a retry when the group fails to load', async () => {
    server.use(http.get('/api/groups/9', errorResponse(500, 'Boom')));
    renderApp('/groups/9', { signedIn: true });
    expect(await screen.findByText(GROUP_MESSAGES.loadFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('My groups', () => {
  it('lists the viewer’s groups', async () => {
    server.use(
      http.get('/api/groups', () => HttpResponse.json(pageOf([{ ...group, viewerRole: 'MEMBER' }]))),
    );
    renderApp('/groups', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Rust evenings' })).toHaveAttribute('href', '/groups/9');
  });

  it('says how to start a group when the viewer is in none', async () => {
    server.use(http.get('/api/groups', () => HttpResponse.json(pageOf([]))));
    renderApp('/groups', { signedIn: true });
    expect(await screen.findByText(GROUP_MESSAGES.noGroups)).toBeVisible();
  });
});
