import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';

/** A numeric id taken from a URL path segment; anything else is refused with `message`. */
export const pathId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, { error: message })
    .transform(Number)
    .refine((id) => id > 0 && Number.isSafeInteger(id), { error: message });

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

/** The Spring-style page the spec's client reads (spec §3 "Page response", DESIGN §4). */
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

/** A person shown next to something they made: post author, commenter, plan creator. */
export const userRef = z.object({
  id: z.number().int(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRef>;
