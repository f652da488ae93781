import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGemBalance } from '../src/domain/gems/ledger';
import { createTestApp, get, type TestApp } from './support/app';
import { createCustomer } from './support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/gems/balance', () => {
  it('is zero for a new customer, from the one balance function', async () => {
    const user = await createCustomer(t);
    expect(await getGemBalance(t.database.db, user.id)).toBe(0);
    const response = await get(t.app, '/api/gems/balance', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total_points: 0 });
  });

  it('needs a session', async () => {
    const response = await get(t.app, '/api/gems/balance');
    expect(response.statusCode).toBe(401);
  });

  it("refuses another customer's id", async () => {
    const user = await createCustomer(t);
    const response = await get(t.app, '/api/gems/balance?user_id=00000000-0000-4000-8000-000000000000', user.cookie);
    expect(response.statusCode).toBe(403);
  });
});
