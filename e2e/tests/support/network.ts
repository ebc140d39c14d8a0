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
