/** `json`: one JSON line per event, for log collectors; `pretty`: plain lines for a person at a terminal. */
export type LogFormat = 'pretty' | 'json';

/**
 * The format of the server's logs: LOG_FORMAT when set, else plain lines when stdout is a terminal
 * and JSON lines when it is a file, a pipe or a log collector.
 */
export function logFormatOf(
  setting: LogFormat | undefined,
  stdoutIsTerminal: boolean | undefined,
): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/** Fastify's default line for each address it listens on, which the plain first line replaces. */
const LISTENING_TEXT = 'Server listening at ';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the line's first words already say. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
]);

type LogLine = {
  level: number;
  time: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
};

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);
const indent = (text: string, by: string) => text.replace(/^/gm, by);

/** The other fields of a line, one `name: value` each; nested objects flattened, long texts below. */
function details(fields: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return details(value as Record<string, unknown>, `${key}.`);
    if (typeof value === 'string' && value.includes('\n')) return [`${key}:\n${indent(value, '  ')}`];
    return [`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`];
  });
}

/**
 * One pino line (JSON) as a person reads it: the time, the level unless it is info, the message; a
 * request as `GET /path 200 12 ms`; then an error's stack and the other fields, indented. Null for
 * Fastify's "listening" lines, which the plain first line says better.
 */
export function formatLogLine(json: string): string | null {
  const line = JSON.parse(json) as LogLine;
  const message = line.msg ?? '';
  if (message.startsWith(LISTENING_TEXT)) return null;
  const level = LEVEL_NAMES[line.level];
  const { req, res, responseTime, err } = line;
  const what =
    req && res && responseTime !== undefined
      ? `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms${err ? ` ${message}` : ''}`
      : message;
  const rest = Object.fromEntries(
    Object.entries(line).filter(([name]) => !SHOWN_APART.has(name) && name !== 'err'),
  );
  const below = [...(err ? [err.stack ?? err.message ?? ''] : []), ...details(rest)];
  const first = `${clock(line.time)} ${level ? `${level} ` : ''}${what}`;
  return `${[first, ...below.map((text) => indent(text, '    '))].join('\n')}\n`;
}

/** A pino destination writing plain lines (formatLogLine) with `write`, at once, in order. */
export function terminalLog(write: (text: string) => void) {
  return {
    write(json: string) {
      const text = formatLogLine(json);
      if (text !== null) write(text);
    },
  };
}
