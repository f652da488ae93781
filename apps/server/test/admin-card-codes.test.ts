import { randomBytes } from 'node:crypto';
import type { SaleResponse } from '@wise/shared';
import { reviewMessages, type AdminSaleDetailResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from './support/app';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer } from './support/users';

/**
 * A gift card's code is read on request only (docs/closed-accounts.md, "Card codes"): by the
 * reviewer holding the sale (a live claim) and by admins, each view written to the audit log, as
 * an ID photo's is. The sale's detail says whether there is a code, never what it is.
 */

let t: TestApp;
let holder: TestStaff;
let other: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [holder, other, admin] = [
    await createStaff(t, { role: 'reviewer', name: 'Holding Reviewer' }),
    await createStaff(t, { role: 'reviewer', name: 'Other Reviewer' }),
    await createStaff(t, { role: 'admin', name: 'Code Admin' }),
  ];
});
afterAll(() => t.close());

async function soldCard(code?: string) {
  const user = await createCustomer(t);
  await addBankDetails(t, user);
  const detail = await cardDetail(t, user, 'amazon');
  const sub = detail.subcategories.find((s) => (code ? s.kind === 'ecode' : s.kind === 'physical'));
  if (!sub) throw new Error('the demo catalogue has an Amazon e-code and a physical card');
  const response = await postSale(t, {
    cookie: user.cookie,
    fields: saleFields(sub, '50', code ? { card_code: code } : {}),
    files: [{ data: await cardPhoto('jpeg', Number.parseInt(randomBytes(2).toString('hex'), 16)) }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json<SaleResponse>().sale, user_id: user.id };
}

const reveal = (saleId: string, cookie: string) => post(t.app, `/api/admin/sales/${saleId}/card-code`, {}, cookie);
const views = (saleId: string) =>
  t.database.query<{ staff_id: string; action: string; after: { customer_id: string } }>(
    "SELECT staff_id, action, after FROM staff_audit_log WHERE target_id = $1 AND action = 'sale.view_card_code' ORDER BY at, id",
    [saleId],
  );

describe('a gift card code on the review desk', () => {
  it('is not in the sale detail: only whether there is one', async () => {
    const code = `SHOW-${randomBytes(5).toString('hex').toUpperCase()}`;
    const sale = await soldCard(code);
    const response = await get(t.app, `/api/admin/sales/${sale.id}`, other.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(code);
    expect(response.json<AdminSaleDetailResponse>().sale.card_code_provided).toBe(true);
  });

  it('is refused to a reviewer who does not hold the sale, and shown to the one who does, each view audited', async () => {
    const code = `HOLD-${randomBytes(5).toString('hex').toUpperCase()}`;
    const sale = await soldCard(code);
    const refused = await reveal(sale.id, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: reviewMessages.cardCodeNotHeld });
    expect(refused.body).not.toContain(code);

    expect((await post(t.app, `/api/admin/sales/${sale.id}/claim`, {}, holder.cookie)).statusCode).toBe(200);
    const shown = await reveal(sale.id, holder.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ card_code: code });
    expect(shown.headers['cache-control']).toBe('no-store');
    // Another reviewer still cannot, while the holder has it.
    expect((await reveal(sale.id, other.cookie)).statusCode).toBe(403);
    const audited = await views(sale.id);
    expect(audited).toEqual([{ staff_id: holder.id, action: 'sale.view_card_code', after: { customer_id: sale.user_id } }]);
  });

  it('is shown to an admin without a claim, audited too', async () => {
    const code = `ADMN-${randomBytes(5).toString('hex').toUpperCase()}`;
    const sale = await soldCard(code);
    const shown = await reveal(sale.id, admin.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ card_code: code });
    expect((await views(sale.id)).map((row) => row.staff_id)).toEqual([admin.id]);
  });

  it('answers 404 for a sale without a code, and writes nothing', async () => {
    const sale = await soldCard();
    expect((await get(t.app, `/api/admin/sales/${sale.id}`, admin.cookie)).json<AdminSaleDetailResponse>().sale.card_code_provided).toBe(
      false,
    );
    expect((await reveal(sale.id, admin.cookie)).statusCode).toBe(404);
    expect(await views(sale.id)).toEqual([]);
  });
});
