import { z } from 'zod';
import { DATE_LIMITS, PAGE_SIZE } from './constants.js';

/** The largest id our tables hold: every id column is a PostgreSQL `integer`. */
export const MAX_ID = 2_147_483_647;

/**
 * An id inside a request body (a topic or resource of a plan, media to remove): within the column's range.
 */
export const bodyId = (message = 'Ids must be whole numbers from 1 to 2147483647') =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

const WHOLE_NUMBER = /^\d{1,10}$/;
const ANY_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A numeric id taken from a URL path segment, for every id route. Something that is not a number is a
 * 400 with `messages.invalid`; a number no row can have (0, negative, fractional, beyond the column's
 * range) is a 404 with `messages.notFound`, as an unknown id is: the issue carries `params.status`.
 */
export const pathId = (messages: { invalid: string; notFound: string }) =>
  z.string().transform((segment, context) => {
    const id = Number(segment);
    if (WHOLE_NUMBER.test(segment) && id >= 1 && id <= MAX_ID) return id;
    context.addIssue({
      code: 'custom',
      message: ANY_NUMBER.test(segment) ? messages.notFound : messages.invalid,
      params: { status: ANY_NUMBER.test(segment) ? 404 : 400 },
    });
    return z.NEVER;
  });

/** The status a validation issue asks for: 404 for a path id no row can have (pathId), else 400. */
export function statusOfIssue(issue: object | undefined): 400 | 404 {
  const params = issue && 'params' in issue ? (issue.params as { status?: unknown } | undefined) : undefined;
  return params?.status === 404 ? 404 : 400;
}

/** Messages of the one rule every piece of text a person sends follows. */
export const TEXT_MESSAGES = {
  unstorable: 'Text cannot contain NUL characters or unpaired surrogate code units (broken Unicode).',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether text can be stored as sent: PostgreSQL refuses NUL in text values, and an unpaired
 * surrogate has no UTF-8 form (the driver would silently store U+FFFD instead).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/** Every text field of a request body starts here, so one rule covers all text people send. */
export const text = (params?: { error: string }) =>
  z.string(params).refine(isStorableText, { error: TEXT_MESSAGES.unstorable, abort: true });

/** `page` (0-based) and `size`; unknown cache-busters such as `_t` or `_` are ignored. */
export const pageQuery = (defaultSize: number = PAGE_SIZE.default) =>
  z.object({
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int({ error: 'page must be a whole number' })
      .min(0, { error: 'page must be 0 or more' })
      .max(1_000_000, { error: 'page is too large' })
      .default(0),
    size: z.coerce
      .number({ error: 'size must be a whole number' })
      .int({ error: 'size must be a whole number' })
      .min(1, { error: 'size must be at least 1' })
      .max(PAGE_SIZE.max, { error: `size must be at most ${PAGE_SIZE.max}` })
      .default(defaultSize),
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuery>>;

export const CURSOR_MESSAGES = { invalid: 'cursor must be a nextCursor this server answered' } as const;
const CURSOR = /^(\d{1,15})_(\d{1,10})$/;

/** The time (ms since 1970) and id of the last item of a page, read from a `nextCursor`. */
export function readCursor(cursor: string): { at: number; id: number } | null {
  const [, at, id] = CURSOR.exec(cursor) ?? [];
  if (at === undefined || id === undefined) return null;
  const position = { at: Number(at), id: Number(id) };
  return position.id >= 1 && position.id <= MAX_ID && position.at <= 8.64e15 ? position : null;
}

/** The opaque `nextCursor` after an item made at `at` with `id`. */
export const cursorAfter = (at: Date, id: number) => `${at.getTime()}_${id}`;

/**
 * `pageQuery` and an opaque `cursor` (a previous answer's `nextCursor`): with it the page is the `size`
 * items after that one, found through the index (keyset) where a deep `page` skips all before it.
 */
export const cursorPageQuery = (defaultSize: number = PAGE_SIZE.default) =>
  pageQuery(defaultSize).extend({
    cursor: z
      .string({ error: CURSOR_MESSAGES.invalid })
      .refine((cursor) => readCursor(cursor) !== null, { error: CURSOR_MESSAGES.invalid })
      .optional(),
  });
export type CursorPageQuery = z.infer<ReturnType<typeof cursorPageQuery>>;

/** The Spring-style page every list answers, as the first web client reads it. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
  });
export type Page<T> = {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
};

export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const isoDateTime = z.iso.datetime();

/**
 * A calendar day 'YYYY-MM-DD' sent for a PostgreSQL `date` column: `invalid` when it is not one,
 * `outOfRange` before DATE_LIMITS.minYear (the four digits of its year keep it within maxYear).
 */
export const calendarDate = (messages: { invalid: string; outOfRange: string }) =>
  z.iso.date({ error: messages.invalid }).refine((date) => Number(date.slice(0, 4)) >= DATE_LIMITS.minYear, {
    error: messages.outOfRange,
    // Only of a date: not `abort`, which would hide the format's message inside a union's.
    when: (payload) => payload.issues.length === 0,
  });

/** A person shown next to something they made: post author, commenter, plan creator. */
export const userRef = z.object({
  id: z.number().int(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRef>;
