/**
 * Web Push: the limits and messages that need no zod, for the settings page and the server alike.
 */

export const PUSH_LIMITS = {
  /** Devices (browser subscriptions) one person may receive push on. */
  devices: 20,
  endpointLength: 2048,
  deviceLength: 100,
} as const;

/**
 * What a push message carries (JSON, encrypted for the device): the service worker shows `title` and
 * `body`, replaces an earlier one of the same `tag`, and opens `url` (a path of the app) on a click.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The title of every push notification: its text says who did what. */
export const PUSH_TITLE = 'Pathwise';

export const PUSH_MESSAGES = {
  body: 'Send the push subscription as a JSON object with endpoint and keys (p256dh, auth).',
  endpoint: 'endpoint must be the URL of the push service that the browser gave.',
  insecureEndpoint: 'The push service address must be an https:// URL.',
  keys:
    "keys must hold the browser subscription's p256dh (a P-256 public key) and auth (16 bytes), " +
    'base64url.',
  device: `device is a name of at most ${PUSH_LIMITS.deviceLength} characters.`,
  tooManyDevices: `Push can reach at most ${PUSH_LIMITS.devices} devices: remove one first.`,
  invalidId: 'Invalid push device ID',
  notFound: 'Push device not found',
  removed: 'Push device removed',
  unsupported: 'This browser cannot receive push notifications.',
  denied:
    'Notifications are blocked for this site in your browser, so push cannot reach this device. To get ' +
    "them, allow notifications in the browser's site settings and reload the page.",
  enableFailed: 'Push could not be turned on for this device. Please try again.',
  loadFailed: 'Your push devices could not be loaded.',
  removeFailed: 'The device could not be removed. Please try again.',
  noDevices: 'No device receives push notifications yet.',
  enabled: 'Push notifications are on for this device.',
} as const;
