import type { LearningCalendar } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { bob, findProfileHeading, loadProfileRoute, serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';
import { calendarLayout, levelOf } from '../learning-calendar-weeks';

beforeAll(loadProfileRoute);

// 2025-12-07 was a Sunday, so the year's first week is whole; 2026-12-05 a Saturday.
const year: LearningCalendar = {
  days: [
    { date: '2026-03-02', count: 1 },
    { date: '2026-12-04', count: 2 },
    { date: '2026-12-05', count: 4 },
  ],
  total: 7,
  from: '2025-12-06',
  to: '2026-12-05',
};

function serveCalendar(answer: () => Response) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/users/8/learning-calendar', ({ request }) => {
      asked.push(new URL(request.url));
      return answer();
    }),
  );
  return asked;
}

const findCalendar = () => screen.findByRole('region', { name: 'Learning activity' });

describe('the learning calendar on a profile', () => {
  it('shows a year of days by week, named by date and count, with the total and a legend', async () => {
    serveProfiles(bob);
    const asked = serveCalendar(() => HttpResponse.json(year));
    renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');
    const calendar = within(await findCalendar());

    expect(calendar.getByText('7 learning activities in the last year')).toBeInTheDocument();
    const grid = calendar.getByRole('grid', {
      name: /Learning activity per day, Dec 6, 2025 to Dec 5, 2026/,
    });
    // Every day of the year is a named cell (counted by selector: naming 365 cells is slow in jsdom).
    expect(grid.querySelectorAll('td[role="gridcell"][aria-label]')).toHaveLength(365);
    const today = within(grid).getByRole('gridcell', { name: '4 learning activities on Dec 5, 2026' });
    expect(today).toHaveAttribute('title', '4 learning activities on Dec 5, 2026');
    expect(within(grid).getByRole('gridcell', { name: '1 learning activity on Mar 2, 2026' })).toBeVisible();
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Sunday', 'MondayMon', 'Tuesday', 'WednesdayWed', 'Thursday', 'FridayFri', 'Saturday']);
    expect(calendar.getByText('Less')).toBeInTheDocument();
    expect(calendar.getByText('More')).toBeInTheDocument();
    expect(asked[0]?.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is one tab stop, starting on today, that arrow keys move through by day and week', async () => {
    serveProfiles(bob);
    serveCalendar(() => HttpResponse.json(year));
    const { user } = renderApp('/profile/8', { signedIn: true });
    const calendar = within(await findCalendar());
    const grid = calendar.getByRole('grid');
    const focusable = [...grid.querySelectorAll<HTMLElement>('td')].filter((cell) => cell.tabIndex === 0);
    expect(focusable).toHaveLength(1);
    focusable[0]?.focus();
    expect(document.activeElement).toHaveAccessibleName('4 learning activities on Dec 5, 2026');

    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('2 learning activities on Dec 4, 2026');
    expect(calendar.getByText('2 learning activities on Dec 4, 2026', { selector: 'p' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('0 learning activities on Nov 27, 2026');
    // Past today nothing moves.
    await user.keyboard('{End}{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('4 learning activities on Dec 5, 2026');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName('0 learning activities on Dec 6, 2025');
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
  });

  it('offers the days with learning as a table', async () => {
    serveProfiles(bob);
    serveCalendar(() => HttpResponse.json(year));
    const { user } = renderApp('/profile/8', { signedIn: true });
    const calendar = within(await findCalendar());
    await user.click(calendar.getByRole('button', { name: /Show as table/ }));
    const table = calendar.getByRole('table', { name: 'Learning activity, days with learning' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayLearning activities', 'Mar 2, 20261', 'Dec 4, 20262', 'Dec 5, 20264']);
  });

  it('says so when there is no learning day yet', async () => {
    serveProfiles(bob);
    serveCalendar(() => HttpResponse.json({ ...year, days: [], total: 0 }));
    renderApp('/profile/8', { signedIn: true });
    const calendar = within(await findCalendar());
    expect(calendar.getByText('No learning days yet')).toBeInTheDocument();
    expect(calendar.queryByRole('grid')).not.toBeInTheDocument();
  });

  it.each([404, 403])(
    'shows no section when the server answers %i: the owner does not show it',
    async (status) => {
      serveProfiles(bob);
      const asked = serveCalendar(errorResponse(status, 'Learning calendar not found'));
      renderApp('/profile/8', { signedIn: true });
      await findProfileHeading('Bob Stone');
      await screen.findByRole('tab', { name: 'Posts' });
      await expect.poll(() => asked.length).toBe(1);
      await expect.poll(() => screen.queryByText('Loading learning activity...')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Learning activity' })).not.toBeInTheDocument();
    },
  );

  it('says when it failed to load, and loads again on Retry', async () => {
    serveProfiles(bob);
    let fail = true;
    serveCalendar(() => (fail ? errorResponse(500, 'Boom')() : HttpResponse.json(year)));
    const { user } = renderApp('/profile/8', { signedIn: true });
    const calendar = within(await findCalendar());
    expect(await calendar.findByText('Failed to load the learning calendar.')).toBeInTheDocument();
    fail = false;
    await user.click(calendar.getByRole('button', { name: 'Retry' }));
    expect(await calendar.findByText('7 learning activities in the last year')).toBeInTheDocument();
  });
});

describe('the calendar layout', () => {
  it('puts each day under its weekday, in week columns, with a month label where a month starts', () => {
    const { weeks, days, months } = calendarLayout(year);
    expect(days).toHaveLength(365);
    // Dec 6, 2025 was a Saturday: the first column holds it alone, at the bottom.
    expect(weeks[0]?.map((day) => day?.date ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      '2025-12-06',
    ]);
    expect(weeks.at(-1)?.[6]?.date).toBe('2026-12-05');
    expect(weeks).toHaveLength(53);
    expect(months.map((month) => month.key)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.reduce((sum, month) => sum + month.span, 0)).toBe(53);
  });

  it('grades days in four levels by their share of the busiest day', () => {
    expect([0, 1, 2, 3, 4, 8].map((count) => levelOf(count, 8))).toEqual([0, 1, 1, 2, 2, 4]);
    expect(levelOf(1, 1)).toBe(4);
  });
});
