import { z } from 'zod';
import { fieldMessages as m } from './messages';

export { listTexts } from './plain/lists';

/** `?cursor=`: the opaque, URL-safe position a list answered as `next_cursor`. */
export const cursorQueryField = (maxLength: number) =>
  z
    .string()
    .max(maxLength, m.invalidEntry)
    .regex(/^[A-Za-z0-9_-]+$/, m.invalidEntry)
    .optional();

/** `?limit=`: a page size from 1 to `max` rows, as the query string's digits. */
export const pageLimitQueryField = (max: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, m.invalidEntry)
    .transform(Number)
    .pipe(z.number().int().min(1, m.invalidEntry).max(max, m.invalidEntry))
    .optional();
