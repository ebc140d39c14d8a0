import { STORAGE_KEYS } from '@pathwise/contract';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { recordPageLoads } from '../test/page-loads';
import { ApiError, apiRequest, apiUpload, RequestTimeoutError, serverMessageOr } from './api-client';

const unauthorized = () =>
  HttpResponse.json(
    { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' },
    { status: 401 },
  );

/** Lets pending network work and promise callbacks run, to show that something did not happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function signIn() {
  localStorage.setItem(STORAGE_KEYS.authToken, 'the-token');
}

describe('requests', () => {
  it('sends JSON with the stored bearer token and resolves with the decoded answer', async () => {
    signIn();
    let received: { authorization: string | null; contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/things', async ({ request }) => {
        received = {
          authorization: request.headers.get('Authorization'),
          contentType: request.headers.get('Content-Type'),
          body: await request.json(),
        };
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );

    await expect(apiRequest('/api/things', { method: 'POST', body: { title: 'Hi' } })).resolves.toEqual({
      id: 1,
    });
    expect(received).toEqual({
      authorization: 'Bearer the-token',
      contentType: 'application/json',
      body: { title: 'Hi' },
    });
  });

  it('sends no Authorization header without a stored token', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('/api/things', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([]);
      }),
    );

    await apiRequest('/api/things');
    expect(authorization).toBeNull();
  });

  it('lets the browser encode FormData as multipart', async () => {
    let contentType: string | null = null;
    let part: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/posts', async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        part = (await request.formData()).get('post');
        return HttpResponse.json({ id: 3 }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('post', JSON.stringify({ title: 'Hi' }));

    await expect(apiRequest('/api/posts', { method: 'POST', body: form })).resolves.toEqual({ id: 3 });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(part).toBe('{"title":"Hi"}');
  });

  it('resolves a bare JSON number and an empty response', async () => {
    server.use(
      http.get('/api/count', () => HttpResponse.json(4)),
      http.delete('/api/things/1', () => new HttpResponse(null, { status: 204 })),
    );

    await expect(apiRequest('/api/count')).resolves.toBe(4);
    await expect(apiRequest('/api/things/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it("rejects with an ApiError carrying the status and the server's message and field errors", async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid email address',
      errors: [{ field: 'email', message: 'Invalid email address' }],
    };
    server.use(http.post('/api/auth/signup', () => HttpResponse.json(body, { status: 400 })));

    const error = await apiRequest('/api/auth/signup', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email address', body });
    expect(serverMessageOr(error, 'Failed to register')).toBe('Invalid email address');
  });

  it('falls back to the caller’s text when the response has no error body', async () => {
    server.use(http.get('/api/things', () => HttpResponse.text('Bad gateway', { status: 502 })));

    const error = await apiRequest('/api/things').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect(serverMessageOr(error, 'Failed to login')).toBe('Failed to login');
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed to login')).toBe('Failed to login');
  });
});

describe('401 policy', () => {
  it('ends the session on a 401 from an ordinary call: token removed, page reloaded on the expired login', async () => {
    signIn();
    const pageLoads = recordPageLoads();
    server.use(http.get('/api/notifications/unread/count', unauthorized));
    const outcome = vi.fn();

    apiRequest('/api/notifications/unread/count').then(outcome, outcome);
    await vi.waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login?expired=true'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    await settle();
    expect(outcome).not.toHaveBeenCalled();
  });

  it.each([
    '/api/users/12',
    '/api/users/12/activities',
    '/api/users/12/learning-progress',
    '/api/users/12/social-activity',
    '/api/analytics/summary',
  ])('only warns about a 401 from %s and keeps the session', async (path) => {
    signIn();
    const pageLoads = recordPageLoads();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get(path, unauthorized));

    await expect(apiRequest(path)).rejects.toMatchObject({ status: 401 });
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('the-token');
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('does not redirect a visitor who sent no token (no session to expire, no reload loop)', async () => {
    const pageLoads = recordPageLoads();
    server.use(http.get('/api/notifications/unread/count', unauthorized));

    await expect(apiRequest('/api/notifications/unread/count')).rejects.toMatchObject({ status: 401 });
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('leaves a refused sign-in attempt to the page (the token social sign-in just handed over)', async () => {
    signIn();
    const pageLoads = recordPageLoads();
    server.use(http.get('/api/auth/me', unauthorized));

    await expect(apiRequest('/api/auth/me', { signInAttempt: true })).rejects.toMatchObject({ status: 401 });
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('hands wrong credentials (a 400, not a 401) to the form, even with an old token stored', async () => {
    signIn();
    const pageLoads = recordPageLoads();
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'Invalid email or password' },
          { status: 400 },
        ),
      ),
    );

    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid email or password',
    });
    expect(pageLoads).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('the-token');
  });
});

describe('time limit', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 10 seconds with a RequestTimeoutError', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json(1);
      }),
    );

    const outcome = apiRequest('/api/slow');
    const assertion = expect(outcome).rejects.toBeInstanceOf(RequestTimeoutError);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes on the caller’s own cancellation', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json(1);
      }),
    );
    const controller = new AbortController();

    const outcome = apiRequest('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(outcome).rejects.not.toBeInstanceOf(RequestTimeoutError);
  });
});

describe('uploads with progress', () => {
  const form = () => {
    const body = new FormData();
    body.append('files', new File(['x'.repeat(4096)], 'notes.txt', { type: 'text/plain' }));
    return body;
  };

  it('sends FormData with the bearer token, reports progress and resolves with the response', async () => {
    signIn();
    let received: { authorization: string | null; contentType: string | null; text: string } | undefined;
    server.use(
      http.put('/api/things/1', async ({ request }) => {
        const file = (await request.formData()).get('files') as File;
        received = {
          authorization: request.headers.get('Authorization'),
          contentType: request.headers.get('Content-Type'),
          text: await file.text(),
        };
        return HttpResponse.json({ id: 1 });
      }),
    );
    const progress: number[] = [];

    await expect(
      apiUpload('/api/things/1', {
        method: 'PUT',
        body: form(),
        onProgress: (share) => progress.push(share),
      }),
    ).resolves.toEqual({ id: 1 });
    expect(received).toMatchObject({ authorization: 'Bearer the-token', text: 'x'.repeat(4096) });
    expect(received?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(progress.at(-1)).toBe(1);
  });

  it("rejects with the server's error body", async () => {
    signIn();
    server.use(
      http.post('/api/things', () =>
        HttpResponse.json(
          { statusCode: 413, error: 'Payload Too Large', message: 'Files must be less than 50MB.' },
          { status: 413 },
        ),
      ),
    );

    await expect(apiUpload('/api/things', { body: form() })).rejects.toMatchObject({
      status: 413,
      message: 'Files must be less than 50MB.',
    });
  });

  it('rejects when the server cannot be reached', async () => {
    server.use(http.post('/api/things', () => HttpResponse.error()));

    await expect(apiUpload('/api/things', { body: form() })).rejects.toThrow('Failed to fetch');
  });

  it('ends the session on a 401 like any other call', async () => {
    signIn();
    const pageLoads = recordPageLoads();
    server.use(http.post('/api/posts', unauthorized));

    apiUpload('/api/posts', { body: form() }).catch(() => {});

    await vi.waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/login?expired=true'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});
