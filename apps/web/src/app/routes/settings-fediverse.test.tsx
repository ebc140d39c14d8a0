import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FEDIVERSE_TEXTS } from '../../features/users/components/fediverse-address';
import { server } from '../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../test/page-load-timeout';
import { renderApp } from '../../test/render-app';
import { loadPages } from '../router';

const privacy = async () => within(await screen.findByRole('region', { name: 'Privacy' }));

function serveSettings(federationHost: string | null, showProfileToVisitors: boolean) {
  server.use(
    http.get('/api/instance', () => HttpResponse.json({ publicReading: false, federationHost })),
    http.get('/api/users/me/privacy', () => HttpResponse.json({ showEmail: false, showProfileToVisitors })),
  );
}

beforeAll(() => loadPages('/settings'));

describe('settings: your address on other servers', () => {
  it('shows @handle@host with a copy button while the profile is shown to visitors', async () => {
    serveSettings('learn.example:8443', true);
    const { user } = renderApp('/settings', { signedIn: true });
    const section = await privacy();
    expect(
      await section.findByRole('heading', { name: FEDIVERSE_TEXTS.title }, { timeout: PAGE_LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    expect(section.getByText('@annlee@learn.example:8443')).toBeInTheDocument();
    // Hiding the profile ends the follows with other servers: said before anyone does it.
    expect(section.getByText(FEDIVERSE_TEXTS.hiding)).toBeInTheDocument();

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(section.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith('@annlee@learn.example:8443');
    expect(section.getByText('Address copied')).toBeInTheDocument();
  });

  it('tells what showing the profile to visitors would give, without a copy button', async () => {
    serveSettings('learn.example', false);
    renderApp('/settings', { signedIn: true });
    const section = await privacy();
    expect(
      await section.findByText('@annlee@learn.example', {}, { timeout: PAGE_LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    expect(section.getByText(/Show your profile to visitors, and people on Mastodon/)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Copy address' })).not.toBeInTheDocument();
  });

  it('says nothing of other servers when the instance does not federate', async () => {
    serveSettings(null, true);
    renderApp('/settings', { signedIn: true });
    const section = await privacy();
    await section.findByRole('checkbox', { name: 'Show my profile to visitors' });
    expect(section.queryByText(FEDIVERSE_TEXTS.title)).not.toBeInTheDocument();
  });
});
