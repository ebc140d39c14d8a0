/** Messages between the server's thread and the worker thread running the embedded database. */

/**
 * What crosses of a query's options: functions cannot, so the parsers Drizzle passes, which all keep
 * a column's text as it is (dates stay strings), travel as the type ids they apply to.
 */
export type WireQueryOptions = { rowMode?: 'array' | 'object'; textTypes?: number[]; paramTypes?: number[] };

export type ThreadRequest = { id: number } & (
  | { op: 'query'; text: string; params: unknown[]; options: WireQueryOptions; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }
);

/** An error as it crosses: its message and its string fields (PostgreSQL's code, constraint, detail…). */
export type WireError = { message: string; fields: Record<string, string> };

export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'reply'; id: number; result: unknown }
  | { kind: 'reply'; id: number; error: WireError }
  | { kind: 'notification'; listener: number; payload: string };

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  if (error.stack) fields.stack = error.stack;
  return { message: error.message, fields };
}

export function fromWireError({ message, fields }: WireError): Error {
  return Object.assign(new Error(message), fields);
}
