import { STORAGE_KEYS } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANN_TOKEN } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { recordPageLoads } from '../../../test/page-loads';
import { renderApp } from '../../../test/render-app';
import { eventStream, notificationOf, serveUnreadCount } from '../test/notifications';

/** Any signed-in page shows the bell; this one asks for nothing else. */
const renderSignedIn = () => renderApp('/no-such-page', { signedIn: true });
const bell = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Notifications/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('notification bell', () => {
  it('links to the notifications page and shows no badge when nothing is unread', async () => {
    renderSignedIn();

    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(bell()).toHaveTextContent('');
  });

  it('shows the unread count', async () => {
    serveUnreadCount(3);
    renderSignedIn();

    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveTextContent('3');
  });

  it("shows '9+' when more than 9 are unread", async () => {
    serveUnreadCount(12);
    renderSignedIn();

    // The accessible name holds what the badge shows.
    expect(await screen.findByRole('link', { name: 'Notifications, 9+ unread' })).toHaveTextContent('9+');
  });

  it('shows no badge when the response is not a number', async () => {
    let asked = false;
    server.use(
      http.get('/api/notifications/unread/count', () => {
        asked = true;
        return HttpResponse.json('5');
      }),
    );
    renderSignedIn();

    await vi.waitFor(() => expect(asked).toBe(true));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(bell()).toHaveTextContent('');
  });

  it('asks for the count again every 60 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let count = 1;
    server.use(http.get('/api/notifications/unread/count', () => HttpResponse.json(count)));
    renderSignedIn();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    count = 2;
    vi.advanceTimersByTime(59_000);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    vi.advanceTimersByTime(1_000);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('keeps the last count when a later request fails, and only logs it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveUnreadCount(4);
    renderSignedIn();
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();

    server.use(http.get('/api/notifications/unread/count', () => HttpResponse.json({}, { status: 500 })));
    vi.advanceTimersByTime(60_000);

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(bell()).toHaveAccessibleName('Notifications, 4 unread');
    warn.mockRestore();
  });

  it('updates live from the stream, which it opens with the bearer token', async () => {
    const stream = eventStream();
    let authorization: string | null = null;
    server.use(
      http.get('/api/notifications/stream', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return stream.response();
      }),
    );
    renderSignedIn();
    await screen.findByRole('link', { name: 'Notifications' });

    stream.send('notification', notificationOf({ id: 41 }), 41);
    stream.send('unread-count', 1);

    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(authorization).toBe(`Bearer ${ANN_TOKEN}`);
  });

  it('announces a live notification in a small toast, which can be dismissed', async () => {
    const stream = eventStream();
    server.use(http.get('/api/notifications/stream', () => stream.response()));
    const { user } = renderSignedIn();
    await screen.findByRole('link', { name: 'Notifications' });

    stream.send('notification', notificationOf({ id: 42, message: 'Bob Stone started following you' }), 42);

    const toast = await screen.findByText('Bob Stone started following you');
    const region = toast.closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('New notification: Bob Stone started following you');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Bob Stone started following you')).not.toBeInTheDocument();
    expect(region).toBeInTheDocument();
  });

  it('reconnects after the stream drops, asking for what came after the last notification it got', async () => {
    const first = eventStream();
    const second = eventStream();
    const lastEventIds: (string | null)[] = [];
    server.use(
      http.get('/api/notifications/stream', ({ request }) => {
        lastEventIds.push(request.headers.get('Last-Event-ID'));
        return (lastEventIds.length === 1 ? first : second).response();
      }),
    );
    renderSignedIn();
    first.retryAfter(10);
    first.send('notification', notificationOf({ id: 41 }), 41);
    first.send('unread-count', 1);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    first.end();
    await vi.waitFor(() => expect(lastEventIds).toEqual([null, '41']));
    second.send('unread-count', 2);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it("signs the stream in again with the token stored since, when the server ends it at its token's expiry", async () => {
    const pageLoads = recordPageLoads();
    const first = eventStream();
    const second = eventStream();
    const connections: { authorization: string | null; lastEventId: string | null }[] = [];
    server.use(
      http.get('/api/notifications/stream', ({ request }) => {
        connections.push({
          authorization: request.headers.get('Authorization'),
          lastEventId: request.headers.get('Last-Event-ID'),
        });
        return (connections.length === 1 ? first : second).response();
      }),
    );
    renderSignedIn();
    first.retryAfter(10);
    first.send('unread-count', 1, 41);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    localStorage.setItem(STORAGE_KEYS.authToken, 'renewed-token');
    first.end();

    await vi.waitFor(() => expect(connections).toHaveLength(2));
    expect(connections[1]).toEqual({ authorization: 'Bearer renewed-token', lastEventId: '41' });
    second.send('unread-count', 2, 42);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('opens the stream again with a newer token when its token is refused, without reloading the page', async () => {
    const pageLoads = recordPageLoads();
    const renewed = eventStream();
    const connections: { authorization: string | null; lastEventId: string | null }[] = [];
    const first = eventStream();
    server.use(
      http.get('/api/notifications/stream', ({ request }) => {
        const authorization = request.headers.get('Authorization');
        connections.push({ authorization, lastEventId: request.headers.get('Last-Event-ID') });
        if (connections.length === 1) return first.response();
        if (authorization === 'Bearer renewed-token') return renewed.response();
        // Signed in again in another tab while this expired token was on its way.
        localStorage.setItem(STORAGE_KEYS.authToken, 'renewed-token');
        return HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 });
      }),
    );
    renderSignedIn();
    first.retryAfter(10);
    first.send('notification', notificationOf({ id: 41 }), 41);
    first.send('unread-count', 1, 41);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    first.end();

    await vi.waitFor(() => expect(connections).toHaveLength(3));
    expect(connections[2]).toEqual({ authorization: 'Bearer renewed-token', lastEventId: '41' });
    renewed.send('unread-count', 3, 43);
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(pageLoads).not.toHaveBeenCalled();
  });
});
