/*
 * The part of fields.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). fields.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */
import type { z } from 'zod';
import { fieldMessages as m } from '../messages';

/**
 * A real address, not docs/product.md §5's "1-25 letters/digits @ 3-10 letters .com", which refuses
 * `chidinma.okeke@gmail.com`, every `.ng` and `.co.uk` address (docs/deviations.md): a local part
 * of letters, digits and `._%+-` (no leading, trailing or doubled dot, at most 64), then a domain
 * of dot-separated labels (letters, digits, inner hyphens, at most 63 each) ending in a TLD of two
 * or more letters; at most 254 in all. The server stores it lower-cased.
 */
export const EMAIL_PATTERN =
  /^(?=.{3,254}$)(?=[^@]{1,64}@)[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** docs/product.md §5: '+' then 10-20 digits. */
export const PHONE_PATTERN = /^\+\d{10,20}$/;
/** Airtime, data, electricity and TV make the '+' optional. */
export const BILL_PHONE_PATTERN = /^\+?\d{10,20}$/;
export const FULL_NAME_PATTERN = /^[A-Za-z\- ]{1,50}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

// Matching control characters is the point of the next two patterns.
/* eslint-disable no-control-regex */
/** C0 and C1 control characters and DEL: never typed into a form, and PostgreSQL can't store NUL. */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same with tab and line breaks allowed, for text that may run over several lines. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair on its own is not text; the database would get a replacement character. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: no control characters (line breaks only when multiline), no broken unicode. */
export const isPlainText = (value: string, options: { multiline?: boolean } = {}): boolean =>
  !(options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value) && !LONE_SURROGATE.test(value);

/**
 * The check every text field carries ('Invalid characters'), first, so a control character is
 * named as such rather than as a format error. Free text that may span lines passes multiline.
 */
export const plainText = (schema: z.ZodString, options: { multiline?: boolean } = {}) =>
  schema.refine((value) => isPlainText(value, options), m.invalidCharacters);

export const digits = (length: number) => new RegExp(`^\\d{${length}}$`);

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
