import { DEFAULT_NOTIFICATION_PREFERENCES, LEARNING_CALENDAR_MESSAGES } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { errorResponse } from './error-response';
import { pageOf } from './page-of';

/**
 * Asked for by the top bar's notification bell on every signed-in page: unless a test says
 * otherwise, nothing is unread and the live stream is declined (HTTP 204 tells it not to reconnect).
 */
const bellResponses = [
  http.get('/api/notifications/unread/count', () => HttpResponse.json(0)),
  http.get('/api/notifications/stream', () => new HttpResponse(null, { status: 204 })),
];

/**
 * Asked for by the notifications, privacy and blocked/muted people sections of /settings, which the
 * account settings' tests show too: unless a test says otherwise, the notification preferences are the
 * defaults, no device receives push, the e-mail address is hidden and nobody is blocked or muted.
 */
const safetySettingsResponses = [
  http.get('/api/users/me/privacy', () =>
    HttpResponse.json({ showEmail: false, showProfileToVisitors: false, showLearningCalendar: false }),
  ),
  ...['blocks', 'mutes'].map((list) =>
    http.get(`/api/users/me/${list}`, () => HttpResponse.json(pageOf([]))),
  ),
  // The notifications section: someone who never changed anything.
  http.get('/api/notifications/preferences', () => HttpResponse.json(DEFAULT_NOTIFICATION_PREFERENCES)),
  // No device receives push yet.
  http.get('/api/notifications/push/subscriptions', () => HttpResponse.json([])),
];

/** Asked for by the sign-in and sign-up pages: unless a test says otherwise, Google is configured. */
const signInProviderResponses = [
  http.get('/api/auth/oauth2/providers', () =>
    HttpResponse.json({ providers: [{ id: 'google', name: 'Google' }] }),
  ),
];

/**
 * Asked for by the home page: unless a test says otherwise, the signed-in person has done every first
 * step, so the page greets them as returning and shows no checklist.
 */
const firstStepsResponses = [
  http.get('/api/users/me/first-steps', () =>
    HttpResponse.json({
      steps: { profile: true, follow: true, plan: true, post: true },
      followingCount: 3,
      dismissed: false,
      newcomer: false,
    }),
  ),
];

/**
 * Asked for when a visitor opens a page they could read on an instance allowing it: unless a test says
 * otherwise, the instance is the default one, where every page but sign-in needs an account.
 */
const instanceResponses = [
  http.get('/api/instance', () => HttpResponse.json({ publicReading: false, federationHost: null })),
];

/** Asked for by a plan's page for a signed-in person: unless a test says otherwise, they share nothing. */
const progressShareResponses = [
  http.get('/api/learning-plans/:planId/progress-share', () => HttpResponse.json({ shared: false })),
];

/**
 * Asked for by every profile page: unless a test says otherwise, nobody shows their learning calendar,
 * so the server answers as it does then.
 */
const learningCalendarResponses = [
  http.get('/api/users/:id/learning-calendar', errorResponse(404, LEARNING_CALENDAR_MESSAGES.notFound)),
];

/** Asked for by a profile's followers dialog: unless a test says otherwise, nobody elsewhere follows. */
const remoteFollowerResponses = [
  http.get('/api/users/:id/followers/remote', () => HttpResponse.json(pageOf([]))),
  // The same for a reported person on the moderation page.
  http.get('/api/moderation/users/:userId/remote-followers', () => HttpResponse.json({ servers: [] })),
];

/** The network as the tests see it; each test declares the responses it needs with `server.use`. */
export const server = setupServer(
  ...bellResponses,
  ...safetySettingsResponses,
  ...signInProviderResponses,
  ...firstStepsResponses,
  ...instanceResponses,
  ...progressShareResponses,
  ...learningCalendarResponses,
  ...remoteFollowerResponses,
);
