import { ANALYTICS_MESSAGES } from '@pathwise/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { format, subDays } from 'date-fns';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
// jsdom has no canvas; Chart.js draws on this stand-in 2D context instead.
import 'vitest-canvas-mock';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { analyticsFixture, serveAnalytics } from '../test/analytics';

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Learning Analytics Dashboard' });
const region = (name: string) => screen.getByRole('region', { name });
/** The rows of a chart's table, as text, opened with its "Show as table" first when it is closed. */
function tableRows(caption: string) {
  const chart = region(caption);
  const show = within(chart).queryByRole('button', { name: `Show as table (${caption})` });
  if (show) fireEvent.click(show);
  return within(within(chart).getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
}
const statistic = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('analytics dashboard', () => {
  it('asks for the last 30 days in the reader’s time zone and shows every block', async () => {
    const queries = serveAnalytics();
    renderApp('/analytics', { signedIn: true });

    await findTitle();
    expect(
      screen.getByText('Track your learning progress and gain insights into your study habits.'),
    ).toBeVisible();
    const today = new Date();
    expect(screen.getByLabelText('Start Date')).toHaveValue(format(subDays(today, 30), 'yyyy-MM-dd'));
    expect(screen.getByLabelText('End Date')).toHaveValue(format(today, 'yyyy-MM-dd'));
    await screen.findByRole('heading', { name: 'Learning Plans Progress' });
    expect(Object.fromEntries(queries[0]!)).toEqual({
      startDate: format(subDays(today, 30), 'yyyy-MM-dd'),
      endDate: format(today, 'yyyy-MM-dd'),
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    for (const [card, value] of [
      ['Learning Plans', '1/2'],
      ['Topics', '3/4'],
      ['Resources', '5/8'],
      ['Completion Rate', '75.0%'],
    ]) {
      expect(statistic(card!)).toBe(value);
    }
    expect(screen.getByRole('progressbar', { name: 'Resources: 5/8' })).toHaveAttribute(
      'aria-valuenow',
      '63',
    );

    expect(tableRows('Learning Activity Timeline')).toEqual([
      ['Jan 29, 2024', '2', '2h 15m'],
      ['Jan 30, 2024', '0', '0m'],
      ['Jan 31, 2024', '3', '45m'],
    ]);
    expect(tableRows('Category Breakdown')).toEqual([
      ['Programming', '1'],
      ['Language', '1'],
    ]);
    expect(tableRows('Time Distribution by Category')).toEqual([
      ['Programming', '2h 15m', '75.0%'],
      ['Language', '45m', '25.0%'],
    ]);
    expect(tableRows('Completion Rate by Category')).toEqual([
      ['Programming', '50.0%'],
      ['Language', '100.0%'],
    ]);
    expect(
      within(region('Time Distribution by Category')).getByText(
        'Estimated from the resources you completed in this period.',
      ),
    ).toBeVisible();

    expect(statistic('Average Completion Time')).toBe('13.2 days');
    expect(statistic('Fastest Completion Time')).toBe('3.4 days');
    expect(statistic('Most Active Days')).toBe('Monday, Wednesday');
    // The hours are the reader's, and the page says which zone they are in.
    expect(statistic('Most Active Hours')).toBe(
      `19:00 - 20:00 (${Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll('_', ' ')} time)`,
    );
    expect(statistic('Learning Days')).toBe('3 days');
    expect(statistic('Longest Streak')).toBe('2 days');
  });

  it('names each drawing by its figures and opens its table from the keyboard', async () => {
    serveAnalytics();
    const { user } = renderApp('/analytics', { signedIn: true });
    await screen.findByRole('heading', { name: 'Learning Plans Progress' });

    const timeline = region('Learning Activity Timeline');
    expect(within(timeline).getByRole('img')).toHaveAccessibleName(
      'Line chart of the resources completed and estimated time spent per day, Jan 29, 2024 to Jan ' +
        '31, 2024: ' +
        '5 resources, 3h 0m in all; the most on Jan 31, 2024, 3 resources.',
    );
    expect(within(region('Time Distribution by Category')).getByRole('img')).toHaveAccessibleName(
      'Doughnut chart of the estimated time per category: Programming 2h 15m, 75.0%; Language 45m, 25.0%.',
    );
    expect(within(region('Completion Rate by Category')).getByRole('img')).toHaveAccessibleName(
      'Bar chart of the completion rate per category: Programming 50.0%; Language 100.0%.',
    );

    const toggle = within(timeline).getByRole('button', {
      name: 'Show as table (Learning Activity Timeline)',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(timeline).queryByRole('table')).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide table (Learning Activity Timeline)');
    const rows = within(within(timeline).getByRole('table', { name: 'Learning Activity Timeline' }))
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Resources completed', 'Estimated time spent'],
      ['Jan 29, 2024', '2', '2h 15m'],
      ['Jan 30, 2024', '0', '0m'],
      ['Jan 31, 2024', '3', '45m'],
    ]);
    // Tab reaches the table's scrolling box, so a long range scrolls from the keyboard.
    await user.tab();
    expect(within(timeline).getByRole('region', { name: 'Learning Activity Timeline table' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(timeline).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says Loading... until the figures arrive', async () => {
    const held = heldResponse();
    server.use(http.get('/api/analytics', held.resolver));
    renderApp('/analytics', { signedIn: true });

    await held.arrived;
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByLabelText('Start Date')).toBeVisible();
    held.release(HttpResponse.json(analyticsFixture()));
    expect(await screen.findByRole('heading', { name: 'Learning Plans Progress' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('lists the plans with their progress, each linking to its page', async () => {
    serveAnalytics();
    renderApp('/analytics', { signedIn: true });
    await findTitle();

    const items = within(await screen.findByRole('region', { name: 'Learning Plans Progress' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Spanish100.0% Complete2/2 topics completedCategory: LanguageEstimated: 14 days',
      'Learn Rust50.0% Complete1/2 topics completedCategory: ProgrammingEstimated: 30 days',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Spanish' })).toHaveAttribute(
      'href',
      '/learning-plan/9',
    );
    expect(within(items[1]!).getByRole('progressbar', { name: 'Learn Rust progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('shows empty states and N/A for a user with nothing yet', async () => {
    serveAnalytics(
      analyticsFixture({
        categoryStats: [],
        timeByCategory: [],
        learningPlans: [],
        learningStats: {
          averageCompletionTime: null,
          fastestCompletionTime: null,
          mostActiveDays: [],
          mostActiveHours: null,
          topCategories: [],
        },
      }),
    );
    renderApp('/analytics', { signedIn: true });

    expect(await screen.findByText(ANALYTICS_MESSAGES.noPlans)).toBeVisible();
    expect(within(region('Category Breakdown')).getByText('Nothing to show yet.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Category Breakdown' })).not.toBeInTheDocument();
    for (const term of [
      'Average Completion Time',
      'Fastest Completion Time',
      'Most Active Days',
      'Most Active Hours',
    ]) {
      expect(statistic(term)).toBe('N/A');
    }
  });

  it('shows a first-time user every card, chart and statistic, with the way to a first plan', async () => {
    const zero = analyticsFixture().summary;
    serveAnalytics(
      analyticsFixture({
        summary: Object.fromEntries(Object.keys(zero).map((key) => [key, 0])) as typeof zero,
        categoryStats: [],
        dailyActivity: [
          { date: '2024-01-30', resourcesCompleted: 0, topicsCompleted: 0, minutesSpent: 0 },
          { date: '2024-01-31', resourcesCompleted: 0, topicsCompleted: 0, minutesSpent: 0 },
        ],
        monthlyProgress: [],
        learningStats: {
          averageCompletionTime: null,
          fastestCompletionTime: null,
          mostActiveDays: [],
          mostActiveHours: null,
          topCategories: [],
        },
        timeByCategory: [],
        learningPlans: [],
      }),
    );
    renderApp('/analytics', { signedIn: true });

    await screen.findByRole('heading', { name: 'Learning Plans Progress' });
    for (const [card, value] of [
      ['Learning Plans', '0/0'],
      ['Topics', '0/0'],
      ['Resources', '0/0'],
      ['Completion Rate', '0.0%'],
    ]) {
      expect(statistic(card!)).toBe(value);
    }
    for (const chart of [
      'Learning Activity Timeline',
      'Category Breakdown',
      'Time Distribution by Category',
      'Completion Rate by Category',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: chart })).toBeVisible();
    }
    expect(tableRows('Learning Activity Timeline')).toEqual([
      ['Jan 30, 2024', '0', '0m'],
      ['Jan 31, 2024', '0', '0m'],
    ]);
    expect(within(region('Completion Rate by Category')).getByText('Nothing to show yet.')).toBeVisible();
    for (const term of [
      'Average Completion Time',
      'Fastest Completion Time',
      'Most Active Days',
      'Most Active Hours',
    ]) {
      expect(statistic(term)).toBe('N/A');
    }
    expect(statistic('Learning Days')).toBe('0 days');
    expect(statistic('Longest Streak')).toBe('0 days');

    // The hint sits in the plans' list, beside the figures rather than instead of them.
    const plansProgress = region('Learning Plans Progress');
    expect(within(plansProgress).getByText(ANALYTICS_MESSAGES.noPlans)).toBeVisible();
    expect(within(plansProgress).getByText(ANALYTICS_MESSAGES.firstPlanHint)).toBeVisible();
    expect(
      within(plansProgress).getByRole('link', { name: 'Create your first learning plan' }),
    ).toHaveAttribute('href', '/create-learning-plan');
  });

  it('shows a lone category as its figure rather than a chart that is one solid disc', async () => {
    serveAnalytics(
      analyticsFixture({
        categoryStats: [{ category: 'PROGRAMMING', count: 2, completionRate: 50 }],
        timeByCategory: [{ category: 'PROGRAMMING', timeSpent: 135 }],
      }),
    );
    renderApp('/analytics', { signedIn: true });
    await screen.findByRole('heading', { name: 'Learning Plans Progress' });

    const breakdown = region('Category Breakdown');
    expect(within(breakdown).getByText('2 learning plans')).toBeVisible();
    expect(within(breakdown).getByText('All in Programming')).toBeVisible();
    const time = region('Time Distribution by Category');
    expect(within(time).getByText('2h 15m')).toBeVisible();
    expect(within(time).getByText('All in Programming')).toBeVisible();
    expect(breakdown.querySelector('canvas')).toBeNull();
    expect(time.querySelector('canvas')).toBeNull();
    // Several categories still get a chart to compare them.
    expect(region('Completion Rate by Category').querySelector('canvas')).not.toBeNull();
  });

  it('reloads the figures when either date changes, keeping the filter on screen meanwhile', async () => {
    const queries = serveAnalytics();
    renderApp('/analytics', { signedIn: true });
    await screen.findByRole('heading', { name: 'Learning Plans Progress' });

    const held = heldResponse();
    let asked: URL | undefined;
    server.use(
      http.get('/api/analytics', ({ request }) => {
        asked = new URL(request.url);
        return held.resolver();
      }),
    );
    const start = format(subDays(new Date(), 60), 'yyyy-MM-dd');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: start } });
    await held.arrived;
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByLabelText('Start Date')).toHaveValue(start);
    expect(tableRows('Category Breakdown')).toHaveLength(2);
    expect(queries).toHaveLength(1);
    expect(asked?.searchParams.get('startDate')).toBe(start);

    held.release(HttpResponse.json(analyticsFixture({ categoryStats: [] })));
    // Both charts of the categories have nothing to draw any more.
    expect(await screen.findAllByText('Nothing to show yet.')).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says what is wrong with the dates instead of asking for them', async () => {
    const queries = serveAnalytics();
    renderApp('/analytics', { signedIn: true });
    await screen.findByRole('heading', { name: 'Learning Plans Progress' });

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2000-01-01' } });

    expect(screen.getByRole('alert')).toHaveTextContent(ANALYTICS_MESSAGES.endBeforeStart);
    expect(screen.getByLabelText('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(ANALYTICS_MESSAGES.endBeforeStart);
    expect(screen.queryByRole('heading', { name: 'Learning Plans Progress' })).not.toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('shows the spec’s error in a red box replacing the page when the figures cannot be loaded', async () => {
    server.use(http.get('/api/analytics', errorResponse(400, 'tz must be an IANA time zone name')));
    renderApp('/analytics', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(ANALYTICS_MESSAGES.loadFailed);
    expect(screen.queryByRole('heading', { name: 'Learning Analytics Dashboard' })).not.toBeInTheDocument();
  });
});
