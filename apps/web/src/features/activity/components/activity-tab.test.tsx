import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { activityOf, annRef, bobRef, pageOf, serveFeed, serveProfilePage } from '../test/activities';

const plan = { id: 3, title: 'Learn Rust' };
const bobsPost = { id: 12, title: 'Generics', author: bobRef };
const annsPost = { id: 13, title: 'Ownership notes', author: annRef };

/** Opens a profile (Ann's own by default) on its Activity tab. */
async function openActivity(userId = 7) {
  serveProfilePage();
  const rendered = renderApp(`/profile/${userId}`, { signedIn: true });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Activity' }));
  return rendered;
}

const activityList = () => screen.findByRole('list', { name: 'Activity' });
const items = async () => within(await activityList()).getAllByRole('listitem');

// The first test also loads the profile page's code.
describe('profile Activity tab', () => {
  it("shows every kind of activity, with 'You' for the signed-in user's own", async () => {
    serveFeed('activities', [
      activityOf({ type: 'LEARNING_PROGRESS', learningPlan: plan, progressPercentage: 65 }),
      activityOf({ type: 'TOPIC_COMPLETED', learningPlan: plan, topicTitle: 'Traits' }),
      activityOf({
        type: 'RESOURCE_COMPLETED',
        learningPlan: plan,
        topicTitle: 'Ownership',
        resourceTitle: 'Borrowing video',
      }),
      activityOf({ type: 'POST_LIKE', post: bobsPost }),
      activityOf({ type: 'POST_COMMENT', post: bobsPost, comment: { id: 4, content: 'This helped a lot' } }),
      activityOf({ type: 'FOLLOW_USER', followedUser: bobRef }),
    ]);
    await openActivity();

    const [progress, topic, resource, like, comment, follow] = await items();
    expect(progress).toHaveTextContent('You made progress in Learn Rust');
    expect(progress).toHaveTextContent('65.0% complete');
    expect(within(progress!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
    expect(within(progress!).getByRole('link', { name: 'Learn Rust' })).toHaveAttribute(
      'href',
      '/learning-plan/3',
    );
    expect(topic).toHaveTextContent('You completed the topic Traits in Learn Rust');
    expect(resource).toHaveTextContent('You completed Borrowing video in Ownership (Learn Rust)');
    expect(like).toHaveTextContent("You liked Bob Stone's post Generics");
    expect(within(like!).getByRole('link', { name: 'Generics' })).toHaveAttribute('href', '/post/12');
    expect(comment).toHaveTextContent("You commented on Bob Stone's post Generics");
    expect(comment).toHaveTextContent('This helped a lot');
    expect(follow).toHaveTextContent('You started following Bob Stone');
    expect(within(follow!).getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/8');
    expect(follow).toHaveTextContent('1 hour ago');
  });

  it("shows someone else's activity under their name", async () => {
    serveFeed('activities', [
      activityOf({ type: 'POST_LIKE', user: bobRef, post: annsPost }),
      activityOf({ type: 'FOLLOW_USER', user: bobRef, followedUser: annRef }),
    ]);
    await openActivity(8);

    const [like, follow] = await items();
    expect(like).toHaveTextContent('Bob Stone liked your post Ownership notes');
    expect(follow).toHaveTextContent('Bob Stone started following you');
  });

  it('shows a comment as its Markdown words, as cards do', async () => {
    const content = '**Great** read, see `useMemo` and [the docs](https://react.dev) with @BobStone';
    serveFeed('activities', [
      activityOf({ type: 'POST_COMMENT', post: bobsPost, comment: { id: 4, content } }),
    ]);
    await openActivity();

    const [comment] = await items();
    const quote = comment!.querySelector('blockquote')!;
    await waitFor(() => expect(within(quote).getByText('Great').tagName).toBe('STRONG'));
    expect(within(quote).getByText('useMemo').tagName).toBe('CODE');
    expect(quote).toHaveTextContent('Great read, see useMemo and the docs with @BobStone');
    // The item already links its post: the excerpt adds no links of its own.
    expect(within(quote).queryByRole('link')).toBeNull();
  });

  it('loads each sub-tab from its own feed, with its own page size (10, 5 and 10)', async () => {
    const requested: string[] = [];
    // Each feed by its own path: a pattern would also answer the profile's other requests under /api/users/7.
    server.use(
      ...['activities', 'learning-progress', 'social-activity'].map((feed) =>
        http.get(`/api/users/7/${feed}`, ({ request }) => {
          requested.push(`${feed}?${new URL(request.url).searchParams}`);
          const type = feed === 'learning-progress' ? 'TOPIC_COMPLETED' : 'FOLLOW_USER';
          return HttpResponse.json(
            pageOf([activityOf({ type, learningPlan: plan, topicTitle: feed, followedUser: bobRef })]),
          );
        }),
      ),
    );
    const { user } = await openActivity();
    await items();

    await user.click(screen.getByRole('tab', { name: 'Learning Progress' }));
    expect(await screen.findByText('learning-progress')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Social Activity' }));
    await screen.findByRole('tab', { name: 'Social Activity', selected: true });
    await items();

    expect(requested).toEqual([
      'activities?page=0&size=10',
      'learning-progress?page=0&size=5',
      'social-activity?page=0&size=10',
    ]);
  });

  it("says 'Loading activity...' while the feed is on its way", async () => {
    const response = heldResponse();
    server.use(http.get('/api/users/:id/activities', response.resolver));
    await openActivity();
    await response.arrived;

    expect(screen.getByText('Loading activity...')).toBeInTheDocument();
    response.release(HttpResponse.json(pageOf([activityOf({ type: 'FOLLOW_USER', followedUser: bobRef })])));
    expect(await screen.findByText(/You started following/)).toBeInTheDocument();
  });

  it('offers sample data for an empty feed, and shows it only when asked, under a warning', async () => {
    serveFeed('activities', []);
    const { user } = await openActivity();

    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unable to load activity data from the server. Would you like to see sample data instead?',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sample/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show sample data' }));

    // The profile has other live regions (the Share button's): the banner is the one saying this.
    const banner = screen
      .getAllByRole('status')
      .find((region) => region.textContent?.includes('Displaying sample activity data'));
    if (!banner) throw new Error('no live region says sample data is shown');
    expect(banner).toHaveTextContent('Displaying sample activity data for development purposes');
    const sample = await items();
    expect(sample).toHaveLength(6);
    expect(sample[0]).toHaveTextContent('You made progress in Sample plan: Web Development Basics');
    expect(within(await activityList()).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Hide sample data' }));
    expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show sample data' })).toBeInTheDocument();
  });

  it("says 'Failed to load activity data' when the feed fails, and offers sample data of that feed", async () => {
    server.use(http.get('/api/users/:id/social-activity', () => HttpResponse.json({}, { status: 500 })));
    serveFeed('activities', [activityOf({ type: 'FOLLOW_USER', followedUser: bobRef })]);
    const { user } = await openActivity();
    await items();

    await user.click(screen.getByRole('tab', { name: 'Social Activity' }));
    expect(await screen.findByText('Failed to load activity data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show sample data' }));

    const shown = await items();
    expect(shown).toHaveLength(3);
    expect(shown.map((item) => item.textContent)).toEqual([
      expect.stringContaining('liked'),
      expect.stringContaining('commented on'),
      expect.stringContaining('started following Sample Mentor'),
    ]);
  });
});
