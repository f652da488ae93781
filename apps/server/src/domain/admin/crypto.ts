import { asc, eq } from 'drizzle-orm';
import { COIN_IDS, type CoinId, type CryptoNetworkId } from '@wise/shared';
import { cryptoAdminMessages, type AdminWallet, type CoinAdjustment, type CoinAdjustmentsResponse } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { cryptoPriceAdjustments, cryptoWalletAddresses } from '#server/db/schema/index';
import { uniqueViolation } from '#server/lib/db-errors';
import { readMarkets, type MarketDeps } from '../crypto/market-cache';
import { Dec } from '../crypto/money';
import { loadAdjustments, rateFor } from '../crypto/rates';
import { DomainError, validationError } from '../errors';
import { recordStaffAction } from './audit';
import type { CatalogueDeps, StaffCall } from './catalogue';
import { companyAddressProblem } from './crypto-addresses';

/**
 * Coin price adjustments and wallet addresses (docs/decisions.md §8): admins only,
 * each change confirmed with the authenticator code by the route and audited here with before
 * and after in the transaction that makes it. Customer prices and quotes read the adjustments
 * from the database on every request (domain/crypto/rates.ts loadAdjustments, no cache), so a
 * new adjustment applies to the next price list and quote at once.
 */

type WalletRow = typeof cryptoWalletAddresses.$inferSelect;

export const cryptoAdminErrorCodes = {
  walletNotFound: 'WALLET_NOT_FOUND',
  conflict: 'CONFLICT',
} as const;

const walletNotFound = () => new DomainError(cryptoAdminErrorCodes.walletNotFound, cryptoAdminMessages.walletNotFound, 404);

/** "-20" → "-20.00", "+15.5" → "15.50": as numeric(14, 2) stores it. */
const toNaira = (value: string) => new Dec(value).toFixed(2);

/** Each coin's adjustment and, when market prices are cached, the rate customers are quoted now. */
export async function listCoinAdjustments(db: Db, market: MarketDeps): Promise<CoinAdjustmentsResponse> {
  const rows = await db.select().from(cryptoPriceAdjustments);
  const adjustments = await loadAdjustments(db);
  // The same cached prices customers are quoted from (prices are only a preview here: no quote is made).
  const markets = await readMarkets(db, market);
  const usdt = markets?.coins.find((c) => c.coin === 'usdt');
  const coins: CoinAdjustment[] = COIN_IDS.map((coin) => {
    const row = rows.find((r) => r.coin === coin);
    const price = markets?.coins.find((c) => c.coin === coin);
    return {
      coin,
      adjustment_ngn: adjustments[coin].toFixed(2),
      updated_at: (row?.updatedAt ?? new Date(0)).toISOString(),
      price_usd: price?.priceUsd ?? null,
      rate_ngn_per_usd: usdt ? rateFor(coin, usdt.priceNgn, adjustments).rateNgnPerUsd.toFixed() : null,
    };
  });
  return {
    coins,
    usdt_market_rate_ngn: usdt?.priceNgn ?? null,
    prices_at: markets?.fetchedAt.toISOString() ?? null,
    stale: markets ? markets.stale : true,
  };
}

/** Sets one coin's signed naira adjustment (audited with the old and new values). */
export async function setCoinAdjustment(
  db: Db,
  deps: CatalogueDeps,
  market: MarketDeps,
  call: StaffCall,
  coin: CoinId,
  adjustmentNgn: string,
): Promise<CoinAdjustment> {
  const value = toNaira(adjustmentNgn);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cryptoPriceAdjustments).where(eq(cryptoPriceAdjustments.coin, coin)).for('update');
    const [after] = await tx
      .insert(cryptoPriceAdjustments)
      .values({ coin, adjustmentNgn: value, updatedAt: now })
      .onConflictDoUpdate({ target: cryptoPriceAdjustments.coin, set: { adjustmentNgn: value, updatedAt: now } })
      .returning();
    if (!after) throw new Error('adjustment upsert returned nothing');
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: 'crypto.adjustment_update',
      targetType: 'crypto_adjustment',
      targetId: coin,
      before: { adjustment_ngn: before?.adjustmentNgn ?? null },
      after: { adjustment_ngn: after.adjustmentNgn },
      ip: call.ip,
    });
  });
  // Read back as customers will now be quoted: the new adjustment with today's cached prices.
  const listed = (await listCoinAdjustments(db, market)).coins.find((c) => c.coin === coin);
  if (!listed) throw new Error(`coin ${coin} missing from the adjustments`);
  return listed;
}

const toAdminWallet = (row: WalletRow): AdminWallet => ({
  id: row.id,
  coin: row.coin,
  network: row.network,
  address: row.address,
  memo: row.memo,
  enabled: row.enabled,
  sort_order: row.sortOrder,
  address_valid: companyAddressProblem(row.coin, row.network, row.address) === undefined,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const walletAudit = (row: WalletRow) => ({
  coin: row.coin,
  network: row.network,
  address: row.address,
  memo: row.memo,
  enabled: row.enabled,
  sort_order: row.sortOrder,
});

/** Every wallet address, enabled or not, in the order customers see them. */
export async function listAdminWallets(db: Db): Promise<AdminWallet[]> {
  const rows = await db
    .select()
    .from(cryptoWalletAddresses)
    .orderBy(
      asc(cryptoWalletAddresses.sortOrder),
      asc(cryptoWalletAddresses.coin),
      asc(cryptoWalletAddresses.network),
      asc(cryptoWalletAddresses.id),
    );
  return rows.map(toAdminWallet);
}

function checkAddress(coin: CoinId, network: CryptoNetworkId, address: string): void {
  const problem = companyAddressProblem(coin, network, address);
  if (!problem) return;
  const field = problem === cryptoAdminMessages.networkInvalid ? 'network' : 'address';
  throw validationError(problem, { [field]: problem });
}

function walletConflict(error: unknown): never {
  if (uniqueViolation(error) !== undefined) {
    throw new DomainError(cryptoAdminErrorCodes.conflict, cryptoAdminMessages.addressTaken, 409, {
      fields: { address: cryptoAdminMessages.addressTaken },
    });
  }
  throw error;
}

export interface CreateWallet {
  coin: CoinId;
  network: CryptoNetworkId;
  address: string;
  memo?: string | null;
  enabled: boolean;
  sort_order: number;
}

export async function createWallet(db: Db, deps: CatalogueDeps, call: StaffCall, input: CreateWallet): Promise<AdminWallet> {
  checkAddress(input.coin, input.network, input.address);
  const now = deps.clock.now();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cryptoWalletAddresses)
        .values({
          coin: input.coin,
          network: input.network,
          address: input.address,
          memo: input.memo ?? null,
          enabled: input.enabled,
          sortOrder: input.sort_order,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('wallet insert returned nothing');
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'crypto.wallet_create',
        targetType: 'crypto_wallet',
        targetId: row.id,
        after: walletAudit(row),
        ip: call.ip,
      });
      return toAdminWallet(row);
    });
  } catch (error) {
    walletConflict(error);
  }
}

export interface UpdateWallet {
  network?: CryptoNetworkId;
  address?: string;
  memo?: string | null;
  enabled?: boolean;
  sort_order?: number;
}

/**
 * Edits a wallet address. A new network or address is checked against the coin; enabling an
 * address is refused while it does not fit its network (the seeded demo ones), so customers are
 * never shown one they would lose coins to.
 */
export async function updateWallet(
  db: Db,
  deps: CatalogueDeps,
  call: StaffCall,
  walletId: string,
  input: UpdateWallet,
): Promise<AdminWallet> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(cryptoWalletAddresses).where(eq(cryptoWalletAddresses.id, walletId)).for('update');
      if (!before) throw walletNotFound();
      const network = input.network ?? before.network;
      const address = input.address ?? before.address;
      const enabled = input.enabled ?? before.enabled;
      if (input.network !== undefined || input.address !== undefined || (enabled && !before.enabled))
        checkAddress(before.coin, network, address);
      const [after] = await tx
        .update(cryptoWalletAddresses)
        .set({
          network,
          address,
          enabled,
          ...(input.memo !== undefined ? { memo: input.memo } : {}),
          ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(cryptoWalletAddresses.id, walletId))
        .returning();
      if (!after) throw walletNotFound();
      const was = walletAudit(before);
      const now = walletAudit(after);
      const keys = (Object.keys(now) as (keyof typeof now)[]).filter((key) => was[key] !== now[key]);
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'crypto.wallet_update',
        targetType: 'crypto_wallet',
        targetId: walletId,
        before: Object.fromEntries(keys.map((key) => [key, was[key]])),
        after: Object.fromEntries(keys.map((key) => [key, now[key]])),
        ip: call.ip,
      });
      return toAdminWallet(after);
    });
  } catch (error) {
    walletConflict(error);
  }
}
