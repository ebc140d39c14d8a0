import { GROUP_MESSAGES, type Group, type GroupActivity, type GroupBoard } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
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
      pace: 'ON_TRACK',
    },
    {
      user: { id: ann.id, name: ann.name, profilePicture: null },
      role: 'MEMBER',
      joinedAt: '2026-01-06T10:00:00.000Z',
      statuses: ['NOT_STARTED', 'NOT_STARTED'],
      completed: 0,
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
              createdAt: '2026-01-06T10:00:00.000Z',
              replies: [
                {
                  id: 41,
                  author: { id: ann.id, name: ann.name, profilePicture: null },
                  content: 'Done!',
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
    ).toEqual(['✓done', '…in progress', '1/2', 'On track']);
    expect(within(table).getByRole('row', { name: new RegExp(ann.name) })).toHaveTextContent('Behind');
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
