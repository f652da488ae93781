import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  billPlansResponseSchema,
  coinsResponseSchema,
  dashboardResponseSchema,
  errorBodySchema,
  gemBalanceResponseSchema,
  gemCollectionResponseSchema,
  giftCardListResponseSchema,
  notificationListResponseSchema,
  profileResponseSchema,
  transactionListResponseSchema,
} from '@wise/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { fastSchemaOf, serializerFor } from '../src/lib/response-serializer';

/** What the zod type provider wrote before (encode, then JSON.stringify). */
const zodWrite = (schema: z.ZodType, data: unknown) =>
  (zodSerializerCompiler({ schema, method: 'GET', url: '/t' } as Parameters<typeof zodSerializerCompiler>[0]) as (d: unknown) => string)(
    data,
  );
const fastWrite = (schema: z.ZodType, data: unknown) => serializerFor(schema, 'GET', '/t')(data);
/** The same answer: equal once parsed, the same keys everywhere (JSON gives key order no meaning). */
const expectSameAnswer = (schema: z.ZodType, data: unknown) => {
  const fast = fastWrite(schema, data);
  expect(JSON.parse(fast)).toStrictEqual(JSON.parse(zodWrite(schema, data)));
  return fast;
};

const shape = z.object({
  id: z.string(),
  count: z.number().int(),
  amount: z.number(),
  ok: z.boolean(),
  created_at: z.iso.datetime(),
  note: z.string().nullable(),
  kind: z.enum(['a', 'b']).nullable(),
  nickname: z.string().optional(),
  nested: z.object({ label: z.string(), extra: z.number().nullable() }),
  maybe: z.object({ x: z.string() }).nullable(),
  list: z.array(z.object({ n: z.number(), tags: z.array(z.string()) })),
  totals: z.record(z.string(), z.number()),
  literal: z.literal('fixed'),
});

describe('the fast response serializer', () => {
  it('writes what zod wrote: nulls, ISO dates, optional fields, nested objects, arrays, records', () => {
    const samples = [
      {
        id: 'x"y\\z\n\u2028é',
        count: 3,
        amount: 1.5,
        ok: true,
        created_at: '2026-03-02T08:00:00.000Z',
        note: null,
        kind: null,
        nested: { label: 'n', extra: null },
        maybe: null,
        list: [],
        totals: {},
        literal: 'fixed',
      },
      {
        id: '',
        count: 0,
        amount: -0.25,
        ok: false,
        created_at: '2026-03-02T08:00:00Z',
        note: 'a note',
        kind: 'b',
        nickname: 'nick',
        nested: { label: '', extra: 7 },
        maybe: { x: 'y' },
        list: [
          { n: 1, tags: ['p', 'q'] },
          { n: 2, tags: [] },
        ],
        totals: { a: 1, 'b c': 2 },
        literal: 'fixed',
      },
    ];
    for (const sample of samples) expectSameAnswer(shape, sample);
  });

  it('never lets a property outside the schema through, at any depth (like zod strip)', () => {
    const sample = {
      id: 'u1',
      count: 1,
      amount: 2,
      ok: true,
      created_at: '2026-03-02T08:00:00.000Z',
      note: null,
      kind: 'a',
      nickname: undefined,
      nested: { label: 'l', extra: 1, password_hash: '$argon2id$secret' },
      maybe: { x: 'y', secret: 's' },
      list: [{ n: 1, tags: [], internal: true }],
      totals: { a: 1 },
      literal: 'fixed',
      password_hash: '$argon2id$secret',
    };
    const written = expectSameAnswer(shape, sample);
    expect(written).not.toMatch(/password_hash|secret|internal/);
    expect(JSON.parse(written)).not.toHaveProperty('nickname');
  });

  it('compiles every customer data screen to the fast path', () => {
    for (const schema of [
      dashboardResponseSchema,
      profileResponseSchema,
      transactionListResponseSchema,
      notificationListResponseSchema,
      gemBalanceResponseSchema,
      gemCollectionResponseSchema,
      giftCardListResponseSchema,
      coinsResponseSchema,
      billPlansResponseSchema,
    ]) {
      expect(fastSchemaOf(schema), schema.description ?? JSON.stringify(z.toJSONSchema(schema)).slice(0, 80)).toBeDefined();
    }
  });

  it('keeps zod for what it cannot translate faithfully (unions), with the same output', () => {
    const union = z.object({ value: z.union([z.string(), z.number()]) });
    expect(fastSchemaOf(z.object({ value: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }))).toBeUndefined();
    expect(fastSchemaOf(union)).toBeUndefined();
    expect(fastSchemaOf(errorBodySchema)).toBeUndefined();
    expect(fastWrite(union, { value: 5, extra: 1 })).toBe('{"value":5}');
    const error = { error: 'Wrong', code: 'X', meta: { rate: 5, quote: { id: 'q' } } };
    expect(fastWrite(errorBodySchema, error)).toBe(zodWrite(errorBodySchema, error));
  });

  it('writes the real screens the same as zod did', () => {
    const dashboard = {
      full_name: 'Ada Obi',
      photo: '/api/profile/photo/a.jpg',
      wallet: 120,
      unread_notifications: 2,
      pending_actions: ['set_pin'],
      user_id: 'leak',
    };
    expectSameAnswer(dashboardResponseSchema, dashboard);
    const profile = {
      full_name: 'Ada Obi',
      email: 'a@b.co',
      phone: '+2348012345678',
      gender: null,
      address: null,
      date_of_birth: '1990-01-31',
      photo: '',
      language: 'pcm',
      identity_locked: false,
      password_hash: 'x',
    };
    expect(expectSameAnswer(profileResponseSchema, profile)).not.toContain('password_hash');
  });
});
