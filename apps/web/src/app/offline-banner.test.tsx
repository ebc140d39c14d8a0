import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE, OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

it('says the page shows what was already seen while the browser is offline, and no more once back', () => {
  render(<OfflineBanner />);
  expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();

  goOffline(true);
  expect(screen.getByText(OFFLINE_MESSAGE).closest('[aria-live="polite"]')).not.toBeNull();

  goOffline(false);
  expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
});
