import type { CDPSession, Page } from '@playwright/test';

/**
 * A slow connection for every request of the page, emulated by Chromium itself (DevTools protocol):
 * `latency` ms before each response starts, then the throughputs in bytes per second.
 */
export async function emulateNetwork(
  page: Page,
  { latency, download, upload = download }: { latency: number; download: number; upload?: number },
): Promise<CDPSession> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: download,
    uploadThroughput: upload,
  });
  return devtools;
}

/**
 * Resolves once the page's notification stream has answered: the server then tells this page of every
 * new notification. A first connection replays nothing, so one written before it only raises the count,
 * with no toast. Ask before the page loads; await before making the notification.
 */
export const notificationStreamOpen = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream', {
    timeout: 60_000,
  });
