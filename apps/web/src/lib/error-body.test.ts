import { errorBodySchema, httpMessages } from '@wise/shared';
import { describe, expect, it } from 'vitest';
import { asErrorBody, errorBodyFrom } from './error-body';

/** Bodies the shared schema accepts and refuses: the hand-written check must agree with it. */
const samples: unknown[] = [
  { error: 'Invalid input' },
  { error: 'Check the form', code: 'VALIDATION', fields: { email: 'Invalid email' } },
  { error: 'Rate changed', code: 'RATE_CHANGED', meta: { rate_kobo: 120_000, email: 'a@b.co', quote: { id: 'q' } } },
  { error: '' },
  { error: 1 },
  { message: 'no error key' },
  { error: 'x', code: 7 },
  { error: 'x', fields: { email: 3 } },
  { error: 'x', fields: ['a'] },
  { error: 'x', meta: { flag: true } },
  { error: 'x', meta: 'text' },
  null,
  'text',
  ['error'],
];

describe('asErrorBody', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))('agrees with errorBodySchema on %s', (_, sample) => {
    const parsed = errorBodySchema.safeParse(sample);
    expect(asErrorBody(sample)).toEqual(parsed.success ? parsed.data : undefined);
  });
});

describe('errorBodyFrom', () => {
  it('falls back to the status message for a body that is not ours', () => {
    expect(errorBodyFrom(502, '<html>Bad gateway</html>')).toEqual({ error: httpMessages.unavailable });
    expect(errorBodyFrom(400, '{"message":"x"}')).toEqual({ error: httpMessages.badRequest });
  });
});
