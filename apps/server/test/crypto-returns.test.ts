import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cryptoRejectedNextStep,
  cryptoReturnErrorCodes,
  cryptoReturnResponseSchema,
  saleRejectionReasons,
  transactionDetailResponseSchema,
  walletAddressMessages,
  rejectionReasonWrongKind,
  type SaleDetail,
} from '@wise/shared';
import { adminSaleDetailResponseSchema } from '@wise/shared/admin';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { addBankDetails, cardPhoto, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Crypto rejections and returns (docs/back-office.md, "Crypto rejections and returns"): crypto reasons of their
 * own, the customer's return address (own sale, rejected with coins held, the coin's address
 * rules, once), staff's record of the return (code, once, audited, the customer told), and the
 * database refusing what the API refuses, on both engines.
 */

const MINUTE = 60_000;
const clock = new ManualClock('2026-07-01T08:00:00Z');
let t: TestApp;
let dir: string;
let seller: TestUser;
let stranger: TestUser;
let reviewer: TestStaff;

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

async function sellCoin(user: TestUser, coin: 'usdt' | 'btc' = 'usdt', amount = '100'): Promise<string> {
  clock.advance(MINUTE);
  await refreshPrices(t);
  const quote = await quoteFor(t, user, coin, amount);
  const response = await postCryptoSale(t, {
    fields: { quote_id: quote.id, ...(coin === 'usdt' ? { network: 'tron' } : {}) },
    files: [{ data: await cardPhoto('png', 7, 240, 420) }],
    cookie: user.cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ sale: { id: string } }>().sale.id;
}

const staffPost = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: reviewer.cookie }, payload: payload as Record<string, unknown> });

async function reject(saleId: string, reason: string, extra: Record<string, string> = {}) {
  return staffPost(`/api/admin/sales/${saleId}/reject`, { reason, ...extra });
}

async function customerDetail(user: TestUser, saleId: string): Promise<SaleDetail> {
  const response = await get(t.app, `/api/transactions/${saleId}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return transactionDetailResponseSchema.parse(response.json()).transaction;
}

const askReturn = (user: TestUser, saleId: string, body: Record<string, unknown>) =>
  post(t.app, `/api/transactions/${saleId}/crypto-return`, body, user.cookie);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-returns-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t, { full_name: 'Chika Obi' });
  stranger = await createCustomer(t, { full_name: 'Musa Bello' });
  await addBankDetails(t, seller, '0123456789');
  await addBankDetails(t, stranger, '0123456780');
  reviewer = await createStaff(t, { role: 'reviewer', name: 'Ada Reviewer' });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('crypto rejection reasons', () => {
  it('rejects a crypto sale for a crypto reason, stored with the words the customer reads', async () => {
    const saleId = await sellCoin(seller);
    const response = await reject(saleId, 'wrong_network');
    expect(response.statusCode, response.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(response.json()).sale.decision).toMatchObject({
      rejection_code: 'wrong_network',
      rejection_reason: saleRejectionReasons.wrong_network,
    });
    const detail = await customerDetail(seller, saleId);
    expect(detail).toMatchObject({
      status: 'rejected',
      rejection_code: 'wrong_network',
      rejection_reason: saleRejectionReasons.wrong_network,
      crypto_return: null,
    });
    // The e-mail says what the customer can do about the coins.
    const mails = await t.database.query<{ payload: { to: string; text: string } }>(
      "SELECT payload FROM jobs WHERE name = $1 AND payload->>'subject' LIKE '%was rejected'",
      [SEND_EMAIL_JOB],
    );
    expect(mails.map((mail) => mail.payload.text).join('\n')).toContain(cryptoRejectedNextStep('wrong_network'));
  });

  it("refuses a gift card's reason for a coin and a coin's for a gift card; an unknown one by the schema", async () => {
    const saleId = await sellCoin(seller);
    const wrongKind = await reject(saleId, 'used_card');
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toMatchObject({ fields: { reason: rejectionReasonWrongKind } });
    expect((await reject(saleId, 'lost_in_space')).statusCode).toBe(400);
    clock.advance(MINUTE);
    const card = await sellGiftCard(t, seller, { amount: '50', seed: 3 });
    expect((await reject(card.id, 'no_deposit')).statusCode).toBe(400);
    expect((await reject(card.id, 'used_card')).statusCode).toBe(200);
    // Still open: a crypto reason is taken.
    expect((await reject(saleId, 'unconfirmed')).statusCode).toBe(200);
  });

  it('is refused by the database for the other kind of sale as well', async () => {
    const saleId = await sellCoin(seller);
    await expect(
      t.database.query(
        "UPDATE sales SET status = 'rejected', rejection_code = 'invalid_code', rejection_reason = 'x', decided_at = status_changed_at, decided_by = $2 WHERE id = $1",
        [saleId, reviewer.id],
      ),
    ).rejects.toThrow(/sales_rejection_code_kind/);
  });
});

describe("the customer's return address", () => {
  it('is taken once for their own rejected sale, checked against the coin and network', async () => {
    const saleId = await sellCoin(seller);
    expect((await reject(saleId, 'amount_differs')).statusCode).toBe(200);

    const stranger404 = await askReturn(stranger, saleId, { network: 'TRC20', address: TRON });
    expect(stranger404.statusCode).toBe(404);

    const badNetwork = await askReturn(seller, saleId, { network: 'Bitcoin', address: TRON });
    expect(badNetwork.statusCode).toBe(400);
    expect(badNetwork.json()).toMatchObject({ fields: { network: walletAddressMessages.networkInvalid } });
    const badShape = await askReturn(seller, saleId, { network: 'ERC20', address: TRON });
    expect(badShape.json()).toMatchObject({ fields: { address: walletAddressMessages.address.evm } });
    // The right shape with one character changed: its checksum does not match.
    const typo = await askReturn(seller, saleId, { network: 'TRC20', address: `${TRON.slice(0, -1)}7` });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ fields: { address: walletAddressMessages.address.checksum } });
    expect((await askReturn(seller, saleId, { network: 'TRC20', address: '' })).statusCode).toBe(400);

    const asked = await askReturn(seller, saleId, { network: 'TRC20', address: ` ${TRON} ` });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(cryptoReturnResponseSchema.parse(asked.json()).crypto_return).toMatchObject({
      status: 'requested',
      network: 'TRC20',
      address: TRON,
      transaction_id: null,
    });
    const again = await askReturn(seller, saleId, { network: 'ERC20', address: EVM });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: cryptoReturnErrorCodes.alreadyRequested });
    expect((await customerDetail(seller, saleId)).crypto_return).toMatchObject({ status: 'requested', address: TRON });
  });

  it('is refused for a sale still in review, one without a deposit, and a gift card', async () => {
    const open = await sellCoin(seller);
    expect((await askReturn(seller, open, { network: 'TRC20', address: TRON })).json()).toMatchObject({
      code: cryptoReturnErrorCodes.notAllowed,
    });
    const noDeposit = await sellCoin(seller);
    expect((await reject(noDeposit, 'no_deposit')).statusCode).toBe(200);
    expect((await askReturn(seller, noDeposit, { network: 'TRC20', address: TRON })).statusCode).toBe(409);
    clock.advance(MINUTE);
    const card = await sellGiftCard(t, seller, { amount: '50', seed: 4 });
    expect((await reject(card.id, 'used_card')).statusCode).toBe(200);
    expect((await askReturn(seller, card.id, { network: 'TRC20', address: TRON })).statusCode).toBe(409);
  });

  it('is refused by the database on a sale that is not a rejected crypto sale with coins, or for another owner', async () => {
    const open = await sellCoin(seller);
    const insert = (saleId: string, userId: string) =>
      t.database.query(
        "INSERT INTO crypto_returns (sale_id, user_id, coin, network, address, requested_at) VALUES ($1, $2, 'usdt', 'TRC20', $3, now())",
        [saleId, userId, TRON],
      );
    await expect(insert(open, seller.id)).rejects.toThrow(/crypto_returns_rejected_sale|rejected crypto sale/);
    const noDeposit = await sellCoin(seller);
    await reject(noDeposit, 'no_deposit');
    await expect(insert(noDeposit, seller.id)).rejects.toThrow(/rejected crypto sale/);
    const rejected = await sellCoin(seller);
    await reject(rejected, 'unconfirmed');
    await expect(insert(rejected, stranger.id)).rejects.toThrow(/crypto_returns_sale_fk|foreign key/);
  });
});

describe("staff's record of the return", () => {
  it('needs the code, is recorded once, audited, and the customer is told and sees it', async () => {
    const saleId = await sellCoin(seller, 'usdt', '25');
    await reject(saleId, 'wrong_network');
    const early = await staffPost(`/api/admin/sales/${saleId}/crypto-return`, { transaction_id: 'abc', confirm_code: reviewer.code() });
    expect(early.json()).toMatchObject({ code: cryptoReturnErrorCodes.notRequested });
    expect((await askReturn(seller, saleId, { network: 'TRC20', address: TRON })).statusCode).toBe(201);

    const staffView = await get(t.app, `/api/admin/sales/${saleId}`, reviewer.cookie);
    expect(adminSaleDetailResponseSchema.parse(staffView.json()).sale.crypto_return).toMatchObject({
      status: 'requested',
      address: TRON,
      returned_by: null,
    });

    const wrongCode = await staffPost(`/api/admin/sales/${saleId}/crypto-return`, { transaction_id: 'abc', confirm_code: '000000' });
    expect(wrongCode.statusCode).toBe(403);
    expect(
      (await staffPost(`/api/admin/sales/${saleId}/crypto-return`, { transaction_id: '', confirm_code: reviewer.code() })).statusCode,
    ).toBe(400);

    clock.advance(MINUTE);
    const txId = 'a3f1c0ffee0000000000000000000000000000000000000000000000000000b7';
    const recorded = await staffPost(`/api/admin/sales/${saleId}/crypto-return`, { transaction_id: txId, confirm_code: reviewer.code() });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(recorded.json()).sale.crypto_return).toMatchObject({
      status: 'returned',
      transaction_id: txId,
      returned_by: { id: reviewer.id, name: 'Ada Reviewer' },
    });
    const twice = await staffPost(`/api/admin/sales/${saleId}/crypto-return`, { transaction_id: 'other', confirm_code: reviewer.code() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: cryptoReturnErrorCodes.alreadyRecorded });

    expect((await customerDetail(seller, saleId)).crypto_return).toMatchObject({
      status: 'returned',
      transaction_id: txId,
      address: TRON,
      network: 'TRC20',
    });
    const audit = await t.database.query<{ action: string; staff_id: string; after: Record<string, unknown> }>(
      "SELECT action, staff_id, after FROM staff_audit_log WHERE target_type = 'sale' AND target_id = $1 AND action = 'sale.crypto_return'",
      [saleId],
    );
    expect(audit).toEqual([
      { action: 'sale.crypto_return', staff_id: reviewer.id, after: { return_status: 'returned', transaction_id: txId } },
    ]);
    const notices = await t.database.query<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = $1 AND message LIKE 'We sent%'",
      [seller.id],
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(`Transaction ID: ${txId}`);
    expect(notices[0]?.message).toContain('25 USDT');
    const mails = await t.database.query<{ payload: { to: string; subject: string } }>(
      "SELECT payload FROM jobs WHERE name = $1 AND payload->>'subject' LIKE '%sent back'",
      [SEND_EMAIL_JOB],
    );
    expect(mails.map((mail) => mail.payload.to)).toEqual([seller.email]);
  });

  it('is refused by the database a second time, on a rewrite of the request, and on delete', async () => {
    const saleId = await sellCoin(seller);
    await reject(saleId, 'amount_differs');
    await askReturn(seller, saleId, { network: 'TRC20', address: TRON });
    await expect(
      t.database.query('UPDATE crypto_returns SET address = $2 WHERE sale_id = $1', [saleId, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']),
    ).rejects.toThrow(/never rewritten/);
    await expect(t.database.query("UPDATE crypto_returns SET status = 'returned' WHERE sale_id = $1", [saleId])).rejects.toThrow(
      /crypto_returns_recorded/,
    );
    await t.database.query(
      "UPDATE crypto_returns SET status = 'returned', transaction_id = 'tx1', returned_at = now() + interval '1 minute', returned_by = $2 WHERE sale_id = $1",
      [saleId, reviewer.id],
    );
    await expect(t.database.query("UPDATE crypto_returns SET transaction_id = 'tx2' WHERE sale_id = $1", [saleId])).rejects.toThrow(
      /recorded once/,
    );
    await expect(t.database.query('DELETE FROM crypto_returns WHERE sale_id = $1', [saleId])).rejects.toThrow(/kept/);
  });
});
