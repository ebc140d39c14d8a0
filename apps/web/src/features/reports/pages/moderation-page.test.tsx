import type { ModerationAction } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';

const by = { id: ann.id, name: ann.name, profilePicture: null };
const logged = (action: Partial<ModerationAction> & Pick<ModerationAction, 'id' | 'action'>) => ({
  moderator: by,
  reportId: null,
  targetType: 'DOMAIN' as const,
  targetId: null,
  domain: null,
  note: '',
  createdAt: '2026-01-05T10:00:00.000Z',
  ...action,
});

it('names the servers blocked and unblocked in the log, and the reports and posts acted on by number', async () => {
  server.use(
    http.get('/api/moderation/actions', () =>
      HttpResponse.json(
        pageOf([
          logged({ id: 4, action: 'DOMAIN_UNBLOCKED', domain: 'spam.example' }),
          logged({ id: 3, action: 'DOMAIN_BLOCKED', domain: 'spam.example', note: 'Floods of ads' }),
          logged({ id: 2, action: 'GROUP_POST_REMOVED', targetType: 'GROUP_POST', targetId: 31 }),
          logged({ id: 1, action: 'REPORT_RESOLVED', targetType: 'GROUP_POST', reportId: 7, targetId: 31 }),
        ]),
      ),
    ),
  );
  renderApp('/moderation?tab=log', { signedIn: true, me: { ...ann, isModerator: true } });

  const panel = await screen.findByRole('tabpanel', { name: 'Moderation log' });
  const log = await within(panel).findByRole('list');
  const lines = within(log)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' '));
  expect(lines).toEqual([
    expect.stringMatching(/^Ann Lee unblocked server spam\.example /),
    expect.stringMatching(/^Ann Lee blocked server spam\.example .*Floods of ads$/),
    expect.stringMatching(/^Ann Lee removed post in a study group #31 /),
    expect.stringMatching(/^Ann Lee resolved report #7 /),
  ]);
});
