import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SubCategory } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { approveSale, claimSale, rejectSale, type ApproveDeps } from '../src/domain/admin/review/decisions';
import { DomainError } from '../src/domain/errors';
import { startPayout } from '../src/domain/payouts/payouts';
import { submitGiftCardSale } from '../src/domain/sales/submit';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { createFileStore } from '../src/providers/file-store/index';
import { createTestApp, type TestApp } from './support/app';
import { insertStaff } from './support/review';
import { byCode } from './support/staff';
import { addBankDetails, cardDetail, cardPhoto } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * Two reviewers deciding one sale at the same instant, many times over, in every pairing
 * (approve/approve, approve/reject, reject/reject) and racing for the claim: exactly one decision
 * (or claim) wins, the other is told 409, and the sale carries one decision, at most one payout and
 * one audit line for it — on PGlite and on PostgreSQL (where the two run on separate connections).
 */

const ROUNDS = 12;
const clock = new ManualClock('2026-08-01T10:00:00Z');
let t: TestApp;
let dir: string;
let seller: TestUser;
let usa: SubCategory;
let image: Buffer;
let ada: StaffPrincipal;
let bola: StaffPrincipal;
let approveDeps: ApproveDeps;
let keyCounter = 0;

async function newSale(): Promise<string> {
  keyCounter += 1;
  clock.advance(1000);
  const store = createFileStore(loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', UPLOAD_DIR: dir }));
  const result = await submitGiftCardSale(
    t.database.db,
    { clock, store, onCleanupError: () => undefined },
    {
      userId: seller.id,
      idempotencyKey: `race-${keyCounter}`,
      fields: { subcategory_id: usa.id, amount: '50', expected_rate: usa.exchange_rate, comment: undefined, card_code: undefined },
      images: [{ body: image, sourceDigest: String(keyCounter).padStart(64, '0') }],
    },
  );
  return result.sale.id;
}

type Decide = (staff: StaffPrincipal, saleId: string) => Promise<unknown>;
const approve: Decide = (staff, saleId) => approveSale(approveDeps, staff, saleId, { confirmation: byCode('123456') });
const reject: Decide = (staff, saleId) => rejectSale({ db: t.database.db, clock }, staff, saleId, { reason: 'unclear_images' });

function conflictCode(result: PromiseSettledResult<unknown>): string | undefined {
  if (result.status === 'fulfilled') return undefined;
  const error: unknown = result.reason;
  if (error instanceof DomainError && error.status === 409) return error.code;
  throw error;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-review-race-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  await addBankDetails(t, seller);
  const sub = (await cardDetail(t, seller, 'amazon')).subcategories[0];
  if (!sub) throw new Error('no sub-category');
  usa = sub;
  image = await cardPhoto('webp', 3);
  ada = await insertStaff(t, 'reviewer', 'Ada');
  bola = await insertStaff(t, 'reviewer', 'Bola');
  approveDeps = { db: t.database.db, clock, startPayout, confirm: async () => undefined };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('two reviewers at once', () => {
  it('decide one sale exactly once, whatever each of them decides', async () => {
    const pairings: [Decide, Decide, string][] = [
      [approve, approve, 'approve/approve'],
      [approve, reject, 'approve/reject'],
      [reject, approve, 'reject/approve'],
      [reject, reject, 'reject/reject'],
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second, label] = pairings[round % pairings.length] as [Decide, Decide, string];
      const saleId = await newSale();
      const results = await Promise.allSettled([first(ada, saleId), second(bola, saleId)]);
      const codes = results.map(conflictCode);
      const winners = codes.filter((code) => code === undefined).length;
      expect(winners, `${label} round ${round}: ${JSON.stringify(codes)}`).toBe(1);
      // The loser was refused because the sale was decided (or, had it lost the claim taken on the way, because it was held).
      expect(
        codes.find((code) => code !== undefined),
        label,
      ).toMatch(/^SALE_(ALREADY_DECIDED|CLAIMED)$/);

      const winner = results[0]?.status === 'fulfilled' ? ada : bola;
      const winningKind = results[0]?.status === 'fulfilled' ? first : second;
      const [sale] = await t.database.query<{ status: string; decided_by: string }>('SELECT status, decided_by FROM sales WHERE id = $1', [
        saleId,
      ]);
      expect(sale).toEqual({ status: winningKind === approve ? 'approved' : 'rejected', decided_by: winner.id });
      const [counts] = await t.database.query<{ payouts: number; decisions: number; notices: number }>(
        `SELECT (SELECT count(*)::int FROM payouts WHERE sale_id = $1) AS payouts,
                (SELECT count(*)::int FROM staff_audit_log WHERE target_id = $1::text AND action IN ('sale.approve', 'sale.reject')) AS decisions,
                (SELECT count(*)::int FROM sale_status_events WHERE sale_id = $1 AND status IN ('approved', 'rejected')) AS notices`,
        [saleId],
      );
      expect(counts).toEqual({ payouts: winningKind === approve ? 1 : 0, decisions: 1, notices: 1 });
    }
  });

  it('claim one sale exactly once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const saleId = await newSale();
      const results = await Promise.allSettled([
        claimSale({ db: t.database.db, clock }, ada, saleId),
        claimSale({ db: t.database.db, clock }, bola, saleId),
      ]);
      const codes = results.map(conflictCode);
      expect(codes.filter((code) => code === undefined)).toHaveLength(1);
      expect(codes.filter((code) => code === 'SALE_CLAIMED')).toHaveLength(1);
      const holder = results[0]?.status === 'fulfilled' ? ada : bola;
      const [sale] = await t.database.query<{ status: string; claimed_by: string }>('SELECT status, claimed_by FROM sales WHERE id = $1', [
        saleId,
      ]);
      expect(sale).toEqual({ status: 'under_review', claimed_by: holder.id });
    }
  });
});
