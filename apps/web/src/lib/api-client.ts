import { type ErrorBody, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '@pathwise/contract';

const BASE_URL = import.meta.env.VITE_API_BASE_URL ?? '';

/** The full address of an API path, for the calls that are browser navigations (social sign-in). */
export const apiUrl = (path: string) => `${BASE_URL}${path}`;

/**
 * A 401 on these calls is only logged. They read other people's data, so being refused
 * one of them says nothing about whether the signed-in session is still valid.
 */
const SESSION_KEEPING_PATHS = [
  '/activities',
  '/learning-progress',
  '/social-activity',
  '/analytics',
  '/api/users/',
];

const SESSION_EXPIRED_URL = '/login?expired=true';

/** The server answered with an error status; `body` is its error body when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
  }
}

export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';

  constructor() {
    super(`The server did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds`);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData, which the browser encodes as multipart with its own boundary. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sign-in calls: a 401 there (such as the token social sign-in just handed over being refused) is a
   * failed sign-in the page shows, not an expired session. Wrong credentials answer 400 anyway.
   */
  signInAttempt?: boolean;
};

/** Calls the API and resolves with the decoded answer (`undefined` when the response has no body). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const { response, payload } = await send(path, options, token);
  return settle<T>(path, response.status, payload, token, options.signInAttempt);
}

/**
 * Fetches a file the API makes for the signed-in person (a data export) with the session's token,
 * which a plain link could not send. No time limit: a large archive streams for as long as it takes.
 */
export async function apiDownload(path: string): Promise<Blob> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const response = await fetch(`${BASE_URL}${path}`, { headers: headersFor(undefined, token) });
  if (!response.ok) return settle<Blob>(path, response.status, await readBody(response), token);
  return response.blob();
}

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (sentShare: number) => void;
};

/**
 * Sends FormData like apiRequest, reporting upload progress (which fetch cannot). Large uploads take
 * longer than the request time limit, so the limit applies to silence: no progress for that long.
 */
export function apiUpload<T>(path: string, { method = 'POST', body, onProgress }: UploadOptions): Promise<T> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let silence: ReturnType<typeof setTimeout> | undefined;
    const restartSilenceTimer = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        xhr.abort();
        reject(new RequestTimeoutError());
      }, REQUEST_TIMEOUT_MS);
    };
    xhr.open(method, `${BASE_URL}${path}`);
    headersFor(body, token).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.addEventListener('progress', (event) => {
      restartSilenceTimer();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.upload.addEventListener('load', restartSilenceTimer);
    xhr.addEventListener('load', () => {
      clearTimeout(silence);
      try {
        const payload = decodeBody(xhr.responseText, xhr.getResponseHeader('Content-Type'));
        resolve(settle<T>(path, xhr.status, payload, token));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      clearTimeout(silence);
      reject(new TypeError('Failed to fetch'));
    });
    restartSilenceTimer();
    xhr.send(body);
  });
}

/** The 401 policy, then the response or an ApiError. */
function settle<T>(
  path: string,
  status: number,
  payload: unknown,
  token: string | null,
  signInAttempt?: boolean,
): T | Promise<T> {
  if (status === 401 && !signInAttempt) {
    if (SESSION_KEEPING_PATHS.some((fragment) => path.includes(fragment))) {
      console.warn(`Not authorised to call ${path}; the session is kept.`);
    } else if (token) {
      return expireSession();
    }
  }

  if (status < 200 || status > 299) {
    throw new ApiError(status, asErrorBody(payload));
  }
  return payload as T;
}

/** The server's explanation when it gave one, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.message : fallback;
}

export const UNREACHABLE_MESSAGE = 'The server could not be reached. Please try again.';

/**
 * A failed request in a person's words: the server's explanation, else whether it failed, took too long
 * or was not reached (never "Failed to fetch" or a bare status).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof RequestTimeoutError) return error.message;
  if (error instanceof ApiError)
    return error.body ? error.body.message : 'Something went wrong on the server. Please try again.';
  return UNREACHABLE_MESSAGE;
}

/** Fetches and reads the response, both within the time limit. */
async function send(path: string, options: RequestOptions, token: string | null) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RequestTimeoutError()), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(`${BASE_URL}${path}`, {
      method: options.method ?? 'GET',
      headers: headersFor(options.body, token),
      body: encodeBody(options.body),
      signal: controller.signal,
    });
    return { response, payload: await readBody(response) };
  } catch (error) {
    throw controller.signal.reason instanceof RequestTimeoutError ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function headersFor(body: unknown, token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  return decodeBody(await response.text(), response.headers.get('Content-Type'));
}

function decodeBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  return contentType?.includes('json') ? JSON.parse(text) : text;
}

/**
 * Checked by hand rather than with the contract's zod schema, so that pages without forms do not
 * have to download zod; the message is all the app relies on.
 */
function asErrorBody(payload: unknown): ErrorBody | undefined {
  const isErrorBody =
    typeof payload === 'object' && payload !== null && typeof (payload as ErrorBody).message === 'string';
  return isErrorBody ? (payload as ErrorBody) : undefined;
}

/**
 * Drops the token and reloads on the login page, which also clears every in-memory trace of the
 * old session. The returned promise never settles: the page is going away, and settling would
 * only flash error messages until it does.
 */
function expireSession(): Promise<never> {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  localStorage.removeItem(STORAGE_KEYS.rememberedUser);
  window.location.assign(SESSION_EXPIRED_URL);
  return new Promise<never>(() => {});
}
