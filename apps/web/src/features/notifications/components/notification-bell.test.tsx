import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANN_TOKEN } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
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

    expect(await screen.findByRole('link', { name: 'Notifications, 12 unread' })).toHaveTextContent('9+');
  });

  it('shows no badge when the answer is not a number', async () => {
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
});
