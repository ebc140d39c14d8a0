import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameters that carry credentials: a sign-in token, an OAuth authorization code. */
const SECRET_PARAMETERS = ['token', 'access_token', 'id_token', 'refresh_token', 'code'];

/** The request URL as logs may keep it: credentials in its query replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const secrets = SECRET_PARAMETERS.filter((name) => query.has(name));
  if (secrets.length === 0) return url;
  for (const name of secrets) query.set(name, '[redacted]');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's request log fields (never headers, so no Authorization), with the URL redacted. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * One line per request, when its response has gone: what was asked, the status and how long it took.
 * Fastify's default writes a second line on arrival that says nothing more, and each line costs the
 * hot paths serialization and a write.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Logger options whose request lines never hold a credential. */
export function withoutCredentials(logger: LoggerOption): LoggerOption {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: loggedRequest } };
}
