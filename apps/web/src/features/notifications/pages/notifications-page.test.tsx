import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFailingNextPage } from '../../../test/failing-next-page';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';
import { eventStream, groupOf, serveNotificationGroups, serveUnreadCount } from '../test/notifications';

const GROUPS = '/api/notifications/groups';
const openPage = () => renderApp('/notifications', { signedIn: true });
const list = async () => within(await screen.findByRole('list', { name: 'Notifications' }));
const bell = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Notifications/ });
const person = (id: number, name: string) => ({ id, name, profilePicture: null });

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications page', () => {
  it('lists notifications with who, what and when, marking the unread ones', async () => {
    // The clock stands still, so that "5 minutes ago" holds however long a busy machine takes to render.
    vi.useFakeTimers({ toFake: ['Date'] });
    serveNotificationGroups([
      groupOf({ message: 'Bob Stone liked your post' }),
      groupOf({
        message: 'Cat Moss started following you',
        isRead: true,
        type: 'FOLLOW',
        entityType: 'user',
        entityId: 9,
      }),
    ]);
    openPage();

    const items = (await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Bob Stone liked your post');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[1]).toHaveTextContent('Cat Moss started following you');
    expect(items[1]).not.toHaveTextContent('Unread');
  });

  it('shows a group as one line with the faces of its latest people', async () => {
    serveNotificationGroups([
      groupOf({
        key: 'LIKE.post.5',
        message: 'Ann Lee and 3 others liked your post',
        actors: [person(1, 'Ann Lee'), person(2, 'Bob Ray'), person(3, 'Cat Moss')],
        actorCount: 4,
        count: 4,
      }),
      groupOf({ key: 'FOLLOW', type: 'FOLLOW', message: '5 new followers', entityType: 'user', entityId: 3 }),
    ]);
    openPage();

    const items = (await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link')).toHaveAccessibleName(/^Ann Lee and 3 others liked your post/);
    // The faces are decoration: the sentence already names the people.
    expect(within(items[0]!).getAllByRole('presentation')).toHaveLength(3);
    expect(items[1]).toHaveTextContent('5 new followers');
  });

  it('links each notification to the page of what it is about', async () => {
    serveNotificationGroups([
      groupOf({ message: 'post', entityType: 'post', entityId: 5 }),
      groupOf({ message: 'comment', entityType: 'comment', entityId: 6 }),
      groupOf({ message: 'user', entityType: 'user', entityId: 8 }),
      groupOf({ message: 'plan', entityType: 'learning-plan', entityId: 9 }),
      groupOf({ message: 'other', entityType: 'badge' as never, entityId: 10 }),
    ]);
    openPage();
    const items = await list();

    expect(items.getByRole('link', { name: /^post/ })).toHaveAttribute('href', '/post/5');
    expect(items.getByRole('link', { name: /^comment/ })).toHaveAttribute('href', '/post/6');
    expect(items.getByRole('link', { name: /^user/ })).toHaveAttribute('href', '/profile/8');
    expect(items.getByRole('link', { name: /^plan/ })).toHaveAttribute('href', '/learning-plan/9');
    expect(items.queryByRole('link', { name: /^other/ })).not.toBeInTheDocument();
    expect(items.getByRole('button', { name: /^other/ })).toBeInTheDocument();
  });

  it('shows a use of your plan as a template, linking to your plan', async () => {
    serveNotificationGroups([
      groupOf({
        type: 'LEARNING_PLAN_COPY',
        message: 'Bob Stone used your learning plan "Learn Rust" as a template',
        entityType: 'learning-plan',
        entityId: 5,
      }),
    ]);
    openPage();

    const link = (await list()).getByRole('link', {
      name: /Bob Stone used your learning plan "Learn Rust" as a template/,
    });
    expect(link).toHaveAttribute('href', '/learning-plan/5');
  });

  it("shows a study group's finished topic and weekly check-in, linking to the group", async () => {
    serveNotificationGroups([
      groupOf({
        type: 'GROUP_TOPIC_DONE',
        message: 'Bob Stone finished "Closures" in your study group "JS evenings"',
        entityType: 'group',
        entityId: 9,
      }),
      // A check-in comes from no one: the server sends no actor.
      groupOf({
        type: 'GROUP_CHECK_IN',
        message: 'Week 2 of "JS evenings": Closures, Promises',
        entityType: 'group',
        entityId: 9,
        actors: [],
        actorCount: 0,
      }),
    ]);
    openPage();

    const items = await list();
    expect(
      items.getByRole('link', { name: /Bob Stone finished "Closures" in your study group "JS evenings"/ }),
    ).toHaveAttribute('href', '/groups/9');
    expect(items.getByRole('link', { name: /Week 2 of "JS evenings": Closures, Promises/ })).toHaveAttribute(
      'href',
      '/groups/9',
    );
  });

  it("shows a study group's posts, replies and mentions, linking to the group", async () => {
    serveNotificationGroups([
      groupOf({
        key: 'GROUP_POST.group.9',
        type: 'GROUP_POST',
        message: 'Ann Lee and 2 others posted in your study group',
        entityType: 'group',
        entityId: 9,
        actors: [person(1, 'Ann Lee'), person(2, 'Bob Ray'), person(3, 'Cat Moss')],
        actorCount: 3,
        count: 3,
      }),
      groupOf({
        type: 'GROUP_REPLY',
        message: 'Bob Stone replied to your post in your study group "JS evenings"',
        entityType: 'group',
        entityId: 9,
      }),
      groupOf({
        type: 'MENTION',
        message: 'Bob Stone mentioned you in your study group "JS evenings"',
        entityType: 'group',
        entityId: 9,
      }),
    ]);
    openPage();

    const items = await list();
    for (const name of [
      /^Ann Lee and 2 others posted in your study group/,
      /Bob Stone replied to your post in your study group "JS evenings"/,
      /Bob Stone mentioned you in your study group "JS evenings"/,
    ])
      expect(items.getByRole('link', { name })).toHaveAttribute('href', '/groups/9');
  });

  it("toggles between 'Show All' and 'Showing Unread'", async () => {
    serveNotificationGroups([
      groupOf({ message: 'Unread one' }),
      groupOf({ message: 'Read one', isRead: true }),
    ]);
    const { user } = openPage();
    await list();

    const toggle = screen.getByRole('button', { name: 'Show All' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Showing Unread' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(screen.queryByText('Read one')).not.toBeInTheDocument());
    expect(screen.getByText('Unread one')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Showing Unread' }));
    expect(await screen.findByText('Read one')).toBeInTheDocument();
  });

  it('marks a whole unread group read in one request on click, lowers the count by its size and follows its link', async () => {
    serveUnreadCount(5);
    const group = groupOf({
      key: 'LIKE.post.5',
      message: 'Ann Lee and 2 others liked your post',
      actorCount: 3,
      count: 3,
    });
    const marks = serveNotificationGroups([group]);
    server.use(http.get('/api/posts/5', () => HttpResponse.json({}, { status: 404 })));
    const { user, router } = openPage();
    await screen.findByRole('link', { name: 'Notifications, 5 unread' });

    await user.click((await list()).getByRole('link', { name: /Ann Lee and 2 others liked your post/ }));

    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    await router.arrivesAt('/post/5');
    expect(marks).toEqual(['/api/notifications/groups/LIKE.post.5/read']);
  });

  it('never takes the count below 0, and does not mark a read group again', async () => {
    serveUnreadCount(0);
    const marks = serveNotificationGroups([
      groupOf({ key: 'n.8', message: 'Stale unread' }),
      groupOf({ key: 'n.9', message: 'Already read', isRead: true, entityType: 'badge' as never }),
    ]);
    const { user } = openPage();
    const items = await list();

    await user.click(items.getByRole('button', { name: /Already read/ }));
    await user.click(items.getByRole('link', { name: /Stale unread/ }));

    expect(bell()).toHaveAccessibleName('Notifications');
    await vi.waitFor(() => expect(marks).toEqual(['/api/notifications/groups/n.8/read']));
  });

  it("'Mark All as Read' clears the badge and the unread marks", async () => {
    serveUnreadCount(2);
    const marks = serveNotificationGroups([groupOf({ message: 'First' }), groupOf({ message: 'Second' })]);
    const { user } = openPage();
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    await list();

    await user.click(screen.getByRole('button', { name: 'Mark All as Read' }));

    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(marks).toEqual(['/api/notifications/read-all']));
  });

  it("shows 'Loading...' while the list is on its way", async () => {
    const response = heldResponse();
    server.use(http.get(GROUPS, response.resolver));
    openPage();
    await response.arrived;

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    response.release(HttpResponse.json(pageOf([groupOf({ message: 'Arrived' })])));
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
  });

  it("says 'Failed to load notifications' and can try again", async () => {
    server.use(http.get(GROUPS, () => HttpResponse.json({}, { status: 500 })));
    const { user } = openPage();

    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
    serveNotificationGroups([groupOf({ message: 'Back again' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    serveNotificationGroups([]);
    const { user } = openPage();

    expect(await screen.findByText("You don't have any notifications yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(await screen.findByText("You don't have any unread notifications")).toBeInTheDocument();
  });

  it("pages with 'Load More'", async () => {
    server.use(
      http.get(GROUPS, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(
          page === 0
            ? pageOf([groupOf({ message: 'Newest' })], 0, false)
            : pageOf([groupOf({ message: 'Older' })], 1),
        );
      }),
    );
    const { user } = openPage();
    await screen.findByText('Newest');

    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(screen.getByText('Newest')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("keeps what it shows when 'Load More' fails, says so in a red box, and the button tries again", async () => {
    const olderPage = serveFailingNextPage(
      GROUPS,
      groupOf({ message: 'Newest' }),
      groupOf({ message: 'Older' }),
    );
    const { user } = openPage();
    await screen.findByText('Newest');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications');
    expect(screen.getByText('Newest')).toBeInTheDocument();

    olderPage.recover();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(screen.getByText('Newest')).toBeInTheDocument();
  });

  it('regroups live: a new notification from the stream reads the groups again', async () => {
    const stream = eventStream();
    let likes = 1;
    server.use(
      http.get('/api/notifications/stream', () => stream.response()),
      http.get(GROUPS, () =>
        HttpResponse.json(
          pageOf([
            groupOf({
              key: 'LIKE.post.5',
              message: likes === 1 ? 'Ann Lee liked your post' : 'Bob Ray and Ann Lee liked your post',
              actorCount: likes,
              count: likes,
            }),
          ]),
        ),
      ),
    );
    openPage();
    expect((await list()).getByRole('listitem')).toHaveTextContent('Ann Lee liked your post');

    likes = 2;
    stream.send('notification', { message: 'Bob Ray liked your post' }, 201);

    expect(await screen.findByText('Bob Ray and Ann Lee liked your post')).toBeInTheDocument();
    expect((await list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads the list again when the stream says more was missed than it replays', async () => {
    const stream = eventStream();
    let responses = 0;
    server.use(
      http.get('/api/notifications/stream', () => stream.response()),
      http.get(GROUPS, () => {
        responses++;
        return HttpResponse.json(pageOf([groupOf({ message: `Answer ${responses}` })]));
      }),
    );
    openPage();
    expect((await list()).getByRole('listitem')).toHaveTextContent('Answer 1');

    stream.send('resync', {}, 200);

    expect(await screen.findByText('Answer 2')).toBeInTheDocument();
  });
});
