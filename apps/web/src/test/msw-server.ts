import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Asked for by the top bar's notification bell on every signed-in page: unless a test says
 * otherwise, nothing is unread and the live stream is declined (HTTP 204 tells it not to reconnect).
 */
const bellAnswers = [
  http.get('/api/notifications/unread/count', () => HttpResponse.json(0)),
  http.get('/api/notifications/stream', () => new HttpResponse(null, { status: 204 })),
];

/** The network as the tests see it; each test declares the answers it needs with `server.use`. */
export const server = setupServer(...bellAnswers);
