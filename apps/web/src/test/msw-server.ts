import { setupServer } from 'msw/node';

/** The network as the tests see it; each test declares the answers it needs with `server.use`. */
export const server = setupServer();
