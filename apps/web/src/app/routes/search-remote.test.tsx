import {
  REMOTE_FOLLOW_MESSAGES,
  REPORT_FORWARD_TEXTS,
  REPORT_MESSAGES,
  type RemoteAccount,
  type RemoteFollowResponse,
  type SearchResult,
} from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { remoteAccountFixture } from '../../features/federation/test/fixtures';
import { errorResponse } from '../../test/error-response';
import { server } from '../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../test/page-load-timeout';
import { pageOf } from '../../test/page-of';
import { renderApp } from '../../test/render-app';
import { loadPages } from '../router';

const ann = remoteAccountFixture();
const annQuery = `/search?q=${encodeURIComponent(ann.handle)}`;

function serveSearch(remote?: RemoteAccount, remoteRefused?: string) {
  const empty = { ...pageOf([]), totalIsLowerBound: false };
  server.use(
    http.get('/api/search', () =>
      HttpResponse.json({
        users: { ...empty, ...(remote && { remote }), ...(remoteRefused && { remoteRefused }) },
        posts: empty,
        learningPlans: empty,
        groups: empty,
      } satisfies SearchResult),
    ),
  );
}

const serveInstance = (federationHost: string | null) =>
  server.use(http.get('/api/instance', () => HttpResponse.json({ publicReading: false, federationHost })));

const annCard = async () => within(await screen.findByRole('article', { name: 'Ann Elsewhere' }));

// The search page's code, loaded once ahead: its first import can take seconds on a busy machine.
beforeAll(() => loadPages('/search'));

describe('searching for someone on another server', () => {
  it('shows them among the Users with their server, and follows: Requested, then Unfollow, then Follow', async () => {
    serveSearch(ann);
    const sent: unknown[] = [];
    let state: RemoteAccount['followState'] = null;
    server.use(
      http.post('/api/federation/follows', async ({ request }) => {
        sent.push(await request.json());
        state = 'PENDING';
        return HttpResponse.json({
          actor: 'https://social.example/users/ann',
          account: { ...ann, bio: '', followState: state },
        } satisfies RemoteFollowResponse);
      }),
      http.get('/api/federation/accounts/7', () =>
        HttpResponse.json({ ...ann, bio: '', followState: state }),
      ),
      http.delete('/api/federation/follows/7', () => {
        sent.push('DELETE');
        state = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(annQuery, { signedIn: true });

    const card = await annCard();
    expect(screen.getByRole('tab', { name: 'Users (1)' })).toBeInTheDocument();
    expect(card.getByText('@ann@social.example')).toBeInTheDocument();
    expect(card.getByText('On social.example')).toBeInTheDocument();
    expect(card.getByText('Learning in public.')).toBeInTheDocument();
    const profile = card.getByRole('link', { name: /^View profile on social\.example/ });
    expect(profile).toHaveAttribute('href', 'https://social.example/@ann');
    expect(profile).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    await user.click(card.getByRole('button', { name: 'Follow @ann@social.example' }));
    const requested = await card.findByRole('button', { name: /^Requested/ });
    expect(requested).toHaveTextContent('Requested');
    expect(requested).toHaveFocus();
    expect(card.getByRole('status')).toHaveTextContent('Waiting for social.example to accept it.');
    expect(sent).toEqual([{ account: 'https://social.example/@ann' }]);

    // Their server accepts; the pending follow is asked about again until it has.
    state = 'ACCEPTED';
    const unfollow = await card.findByRole(
      'button',
      { name: 'Unfollow @ann@social.example' },
      { timeout: PAGE_LOAD_TIMEOUT_MS },
    );
    expect(card.getByRole('status')).toHaveTextContent('Their new public posts show in Following.');

    await user.click(unfollow);
    expect(await card.findByRole('button', { name: 'Follow @ann@social.example' })).toBeInTheDocument();
    expect(sent).toEqual([{ account: 'https://social.example/@ann' }, 'DELETE']);
  });

  it("says in plain words why a follow failed: the server's reason, or an unreachable server", async () => {
    serveSearch(ann);
    server.use(
      http.post('/api/federation/follows', errorResponse(403, REMOTE_FOLLOW_MESSAGES.profileNotShown)),
    );
    const { user } = renderApp(annQuery, { signedIn: true });
    const card = await annCard();
    await user.click(card.getByRole('button', { name: 'Follow @ann@social.example' }));
    expect(await card.findByRole('alert')).toHaveTextContent(REMOTE_FOLLOW_MESSAGES.profileNotShown);

    server.use(http.post('/api/federation/follows', () => HttpResponse.error()));
    await user.click(card.getByRole('button', { name: 'Follow @ann@social.example' }));
    await vi.waitFor(() =>
      expect(card.getByRole('alert')).toHaveTextContent('Their server could not be reached in time.'),
    );
    expect(card.getByRole('button', { name: 'Follow @ann@social.example' })).toBeInTheDocument();
  });

  it('mutes and blocks them, saying what each does, a block ending the follow; then lifts both', async () => {
    serveSearch({ ...ann, followState: 'ACCEPTED' });
    const sent: string[] = [];
    let current: RemoteAccount = { ...ann, followState: 'ACCEPTED' };
    const restrict = (what: 'block' | 'mute', on: boolean) => () => {
      sent.push(`${on ? 'PUT' : 'DELETE'} ${what}`);
      current = {
        ...current,
        ...(what === 'mute' ? { isMuted: on } : { isBlocked: on }),
        ...(what === 'block' && on && { followState: null }),
      };
      return HttpResponse.json(current);
    };
    server.use(
      http.put('/api/federation/accounts/7/mute', restrict('mute', true)),
      http.delete('/api/federation/accounts/7/mute', restrict('mute', false)),
      http.put('/api/federation/accounts/7/block', restrict('block', true)),
      http.delete('/api/federation/accounts/7/block', restrict('block', false)),
    );
    const { user } = renderApp(annQuery, { signedIn: true });

    const card = await annCard();
    await user.click(card.getByRole('button', { name: 'Mute @ann@social.example' }));
    expect(await card.findByText(/^You muted @ann@social\.example/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Block @ann@social.example' }));
    expect(await card.findByText(/^You blocked @ann@social\.example/)).toBeInTheDocument();
    // The block ended the follow.
    expect(card.getByRole('button', { name: 'Follow @ann@social.example' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Unblock @ann@social.example' }));
    await user.click(await card.findByRole('button', { name: 'Unmute @ann@social.example' }));
    await card.findByRole('button', { name: 'Mute @ann@social.example' });
    expect(card.queryByText(/^You (muted|blocked)/)).not.toBeInTheDocument();
    expect(sent).toEqual(['PUT mute', 'PUT block', 'DELETE block', 'DELETE mute']);
  });

  it('shows why a block failed', async () => {
    serveSearch(ann);
    server.use(
      http.put('/api/federation/accounts/7/block', errorResponse(404, REMOTE_FOLLOW_MESSAGES.unknownAccount)),
    );
    const { user } = renderApp(annQuery, { signedIn: true });
    const card = await annCard();
    await user.click(card.getByRole('button', { name: 'Block @ann@social.example' }));
    expect(await card.findByRole('alert')).toHaveTextContent(REMOTE_FOLLOW_MESSAGES.unknownAccount);
  });

  it('reports them here and, as the dialog offers, to their server; focus goes back to Report', async () => {
    serveSearch(ann);
    let sent: unknown;
    server.use(
      http.post('/api/reports', async ({ request }) => {
        sent = await request.json();
        const answer = { id: 1, message: REPORT_MESSAGES.receivedAndForwarded, forwarded: true };
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    const { user } = renderApp(annQuery, { signedIn: true });
    const card = await annCard();
    await user.click(card.getByRole('button', { name: 'Report @ann@social.example' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report @ann@social.example' }));
    expect(
      dialog.getByRole('checkbox', { name: REPORT_FORWARD_TEXTS.label('social.example') }),
    ).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(REPORT_MESSAGES.receivedAndForwarded);
    expect(sent).toMatchObject({ targetType: 'REMOTE_ACCOUNT', targetId: ann.id, forward: true });
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() =>
      expect(card.getByRole('button', { name: 'Report @ann@social.example' })).toHaveFocus(),
    );
  });

  it('says their server gave no one when the search found nobody there', async () => {
    serveSearch();
    serveInstance('pathwise.example');
    renderApp(annQuery, { signedIn: true });
    expect(await screen.findByText(/No one was found at @ann@social\.example\./)).toBeInTheDocument();
    expect(screen.getByText(/Their server may be unreachable/)).toBeInTheDocument();
  });

  it('says why their server was not asked when it is blocked here', async () => {
    serveSearch(undefined, REMOTE_FOLLOW_MESSAGES.blockedServer);
    serveInstance('pathwise.example');
    renderApp(annQuery, { signedIn: true });
    expect(await screen.findByText(REMOTE_FOLLOW_MESSAGES.blockedServer)).toBeInTheDocument();
    expect(screen.queryByText(/No one was found/)).not.toBeInTheDocument();
  });

  it('says this instance does not federate when it does not', async () => {
    serveSearch();
    renderApp(annQuery, { signedIn: true });
    expect(
      await screen.findByText(
        'This Pathwise is not connected to other servers, so @ann@social.example cannot be looked up here.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of other servers for a plain search', async () => {
    serveSearch();
    serveInstance('pathwise.example');
    renderApp('/search?q=rust', { signedIn: true });
    expect(await screen.findByText('No results found for "rust"')).toBeInTheDocument();
    expect(screen.queryByText(/other servers|No one was found/)).not.toBeInTheDocument();
  });
});
