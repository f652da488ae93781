import { randomUUID } from 'node:crypto';
import { errorCodes, gemErrorCodes, gemMessages, rewardMessages, type RewardClaimResponse } from '@wise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/domain/gems/audit';
import { purgeGemRequestKeys } from '../src/domain/gems/idempotency';
import { getGemBalance } from '../src/domain/gems/ledger';
import { accrueReward } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/** Idempotency-Key on POST /api/gems/collect and POST /api/rewards/claim. */

const clock = new ManualClock('2026-10-05T09:00:00Z'); // Monday in Lagos
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const withKey = (key: string | undefined) => (key === undefined ? {} : { headers: { 'idempotency-key': key } });
const collect = (user: TestUser, key?: string) => post(t.app, '/api/gems/collect', undefined, user.cookie, withKey(key));
const claim = (user: TestUser, key?: string) => post(t.app, '/api/rewards/claim', undefined, user.cookie, withKey(key));
const accrue = (user: TestUser, amount: number) =>
  accrueReward(t.database.db, clock, {
    userId: user.id,
    source: `sale:${randomUUID()}`,
    amount,
    description: 'Reward for your gift card sale',
  });
const balance = (user: TestUser) => getGemBalance(t.database.db, user.id);
const replayed = (response: LightMyRequestResponse) => response.headers['idempotent-replayed'];

async function keysOf(user: TestUser): Promise<{ key: string; operation: string; response_status: number }[]> {
  return t.database.query('SELECT key, operation, response_status FROM gem_request_keys WHERE user_id = $1 ORDER BY key', [user.id]);
}

describe('Idempotency-Key on gem writes', () => {
  it('a retried collection gets the first answer, not a 409, and credits once', async () => {
    clock.set('2026-10-05T09:00:00Z');
    const user = await createCustomer(t);
    const key = randomUUID();
    const first = await collect(user, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: gemMessages.collected, day: 1, points: 10, total_points: 10 });
    expect(replayed(first)).toBeUndefined();

    const retry = await collect(user, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(replayed(retry)).toBe('true');
    expect(await balance(user)).toBe(10);

    // Without the header nothing changes: a second collection is refused as before.
    const unkeyed = await collect(user);
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json()).toEqual({ error: gemMessages.alreadyCollected, code: gemErrorCodes.alreadyCollected });
    expect(await keysOf(user)).toEqual([{ key, operation: 'gems.collect', response_status: 200 }]);
  });

  it('a retried claim returns the same claim, and does not sweep rewards that arrived since', async () => {
    const user = await createCustomer(t);
    await accrue(user, 12);
    const key = `claim-${randomUUID()}`;
    const first = await claim(user, key);
    expect(first.statusCode).toBe(200);
    const body = first.json<RewardClaimResponse>();
    expect(body).toMatchObject({ status: 'success', message: rewardMessages.claimed, total_points: 12, claim: { points: 12 } });

    await accrue(user, 5);
    const retry = await claim(user, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(body);
    expect(replayed(retry)).toBe('true');
    expect(await balance(user)).toBe(12);

    const next = await claim(user, `claim-${randomUUID()}`);
    expect(next.json<RewardClaimResponse>()).toMatchObject({ total_points: 17, claim: { points: 5 } });
    expect(next.json<RewardClaimResponse>().claim.id).not.toBe(body.claim.id);
  });

  it('replays a refusal too: the first answer was a 409, so every retry is that 409', async () => {
    const user = await createCustomer(t);
    const key = randomUUID();
    const first = await claim(user, key);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ error: rewardMessages.nothingToClaim, code: gemErrorCodes.nothingToClaim });
    await accrue(user, 9);
    const retry = await claim(user, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toBe(first.body);
    expect(await balance(user)).toBe(0);
    expect((await claim(user, randomUUID())).statusCode).toBe(200);
    expect(await balance(user)).toBe(9);
  });

  it('the same key for a different operation is a 422 and moves nothing', async () => {
    clock.set('2026-10-06T09:00:00Z'); // Tuesday
    const user = await createCustomer(t);
    await accrue(user, 30);
    const key = randomUUID();
    expect((await collect(user, key)).statusCode).toBe(200);
    const misuse = await claim(user, key);
    expect(misuse.statusCode).toBe(422);
    expect(misuse.json()).toEqual({ error: gemMessages.idempotencyKeyReused, code: gemErrorCodes.idempotencyMismatch });
    expect(await balance(user)).toBe(10);
    expect(await keysOf(user)).toEqual([{ key, operation: 'gems.collect', response_status: 200 }]);
  });

  it("keeps each customer's keys apart: the same key from two customers is two requests", async () => {
    clock.set('2026-10-07T09:00:00Z');
    const [ada, obi] = [await createCustomer(t), await createCustomer(t)];
    const key = 'shared-key_123';
    const a = await collect(ada, key);
    const b = await collect(obi, key);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(replayed(b)).toBeUndefined();
    expect([await balance(ada), await balance(obi)]).toEqual([10, 10]);
  });

  it('refuses a malformed key with a 400 before moving anything', async () => {
    clock.set('2026-10-08T09:00:00Z');
    const user = await createCustomer(t);
    for (const bad of ['', ' ', 'has space', 'a,b', 'x'.repeat(101), 'ключ', 'semi;colon', 'dot.ted']) {
      for (const send of [collect, claim]) {
        const response = await send(user, bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toMatchObject({
          code: errorCodes.validation,
          fields: { 'idempotency-key': gemMessages.idempotencyKeyInvalid },
        });
      }
    }
    expect(await balance(user)).toBe(0);
    expect(await keysOf(user)).toEqual([]);
    const longest = 'A-z_0'.repeat(20);
    expect((await collect(user, longest)).statusCode).toBe(200);
    expect((await post(t.app, '/api/gems/collect', undefined, undefined, withKey('has space'))).statusCode).toBe(401);
  });

  it('20 parallel retries with one key: one credit, twenty identical answers', async () => {
    clock.set('2026-10-09T09:00:00Z'); // Friday: +20
    const user = await createCustomer(t);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => collect(user, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => replayed(r) === 'true')).toHaveLength(19);
    expect(await balance(user)).toBe(20);
    expect(await auditLedger(t.database.db, { userIds: [user.id] })).toMatchObject({ ok: true, entriesChecked: 1 });
  });

  it('forgets answers after a day: purgeGemRequestKeys drops only the old ones', async () => {
    clock.set('2026-10-12T09:00:00Z'); // Monday
    const user = await createCustomer(t);
    const oldKey = randomUUID();
    expect((await collect(user, oldKey)).statusCode).toBe(200);
    clock.advance(23 * 3600_000);
    const freshKey = randomUUID();
    expect((await claim(user, freshKey)).statusCode).toBe(409);
    clock.advance(2 * 3600_000); // the first key is now 25 h old, the second 2 h
    await purgeGemRequestKeys(t.database.db, clock.now());
    expect((await keysOf(user)).map((k) => k.key)).toEqual([freshKey]);
    // The forgotten key is a new request now: on Tuesday it collects Tuesday's gems.
    const again = await collect(user, oldKey);
    expect(again.json()).toMatchObject({ day: 2, points: 10, total_points: 20 });
    expect(replayed(again)).toBeUndefined();
  });
});
