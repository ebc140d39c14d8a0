import { z } from 'zod';
import { text } from './common.js';
import { normalizeTag, TAG_LIMITS, TAG_MESSAGES, TAG_PATTERN } from './tag-constants.js';

/** One tag as a person may type it (`#TypeScript`), as it is stored (`typescript`). */
export const tagName = text({ error: TAG_MESSAGES.invalid })
  .transform(normalizeTag)
  .refine((name) => TAG_PATTERN.test(name), { error: TAG_MESSAGES.invalid });

/** The tags of a post or plan body: at most four, each once (after normalising). */
export const tagList = z
  .array(tagName, { error: TAG_MESSAGES.notList })
  .max(TAG_LIMITS.perItem, { error: TAG_MESSAGES.tooMany })
  .transform((names) => [...new Set(names)]);
