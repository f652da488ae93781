import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import {
  COINS,
  coinTakenOn,
  cryptoErrorCodes,
  cryptoMessages,
  cryptoNetworkMessages,
  onlyNetworkOf,
  parseTransactionId,
  type CoinId,
  type CryptoNetworkId,
  type CryptoSaleFields,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { chainDeposits, cryptoQuotes, sales } from '#server/db/schema/index';
import { Dec } from '../crypto/money';
import { createQuote, getValidQuote, QuoteExpiredError, type QuoteDeps, type StoredQuote } from '../crypto/quotes';
import { DomainError, validationError } from '../errors';
import { assertManualPathOpen, manualPathOff } from '../crypto/manual-path';
import { DEPOSIT_CLAIM_CONSTRAINT, refuseDepositTransactionId, transactionIsDeposit } from './deposit-claims';
import { refuseUsedTransactionId, TRANSACTION_ID_UNIQUE_INDEX, transactionIdFor, transactionIdUsed } from './duplicates';
import { enqueueTransactionCheck } from './transaction-check';
import { requestHashOf, submitSale, type SaleDeps, type SaleImageInput, type SaleTerms, type SubmittedSale } from './submit';

/**
 * Submitting a crypto sale (routes/crypto/sales.ts; docs/product.md §5 "Crypto sale"; docs/decisions.md §4-§5): the
 * customer sells at a quote they were given — their own, still honoured, not yet sold — with one
 * screenshot of the transfer and an optional transaction ID. Every figure is the quote's; nothing
 * the browser computed is read. An expired quote is answered with a fresh one for the same coin
 * and amount, for the customer to confirm.
 */

export interface CryptoSaleDeps extends SaleDeps {
  /** What a fresh quote needs when the customer's has expired. */
  quotes: QuoteDeps;
}

export interface CryptoSaleRequest {
  userId: string;
  idempotencyKey: string;
  fields: CryptoSaleFields;
  screenshot: SaleImageInput;
}

export const quoteUsed = () => new DomainError(cryptoErrorCodes.quoteUsed, cryptoMessages.quoteUsed, 409);

/**
 * What an Idempotency-Key of a crypto sale stands for: the quote, the transaction ID (in its one
 * form when it has one, whatever the coin: a retry may paste the link the first try typed out) and
 * the screenshot's bytes.
 */
export function cryptoSaleRequestHash(fields: CryptoSaleFields, screenshotDigest: string): string {
  const typed = fields.transaction_id?.trim() ?? '';
  const parsed = parseTransactionId(undefined, typed);
  return requestHashOf({
    kind: 'crypto',
    quote_id: fields.quote_id.toLowerCase(),
    // Only when chosen: a sale of a one-network coin hashes as it did before networks were asked.
    ...(fields.network ? { network: fields.network } : {}),
    transaction_id: (parsed.ok ? parsed.id : typed) ?? null,
    images: [screenshotDigest],
  });
}

async function quoteSold(db: Db, userId: string, quoteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.quoteId, quoteId), eq(sales.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The quote the sale may use at `now`. A quote that already sold is refused as such even once it
 * has expired: offering a fresh quote for coins already sold would invite selling them twice.
 */
async function usableQuote(db: Db, userId: string, quoteId: string, now: Date): Promise<StoredQuote> {
  let quote: StoredQuote;
  try {
    quote = await getValidQuote(db, { now: () => now }, userId, quoteId);
  } catch (error) {
    if (error instanceof QuoteExpiredError && (await quoteSold(db, userId, error.quote.id))) throw quoteUsed();
    throw error;
  }
  if (await quoteSold(db, userId, quote.id)) throw quoteUsed();
  return quote;
}

/**
 * The network the coins were sent on: the one the customer chose, which must be one the quote's
 * coin is taken on (0052 refuses any other too), or the coin's only network when it has one.
 */
export function saleNetworkFor(coin: CoinId, chosen: CryptoNetworkId | undefined): CryptoNetworkId {
  if (chosen === undefined) {
    const only = onlyNetworkOf(coin);
    if (only) return only;
    throw validationError(cryptoNetworkMessages.networkRequired, { network: cryptoNetworkMessages.networkRequired });
  }
  if (coinTakenOn(coin, chosen)) return chosen;
  const message = cryptoNetworkMessages.networkInvalid(COINS[coin].symbol);
  throw validationError(message, { network: message });
}

/** The sale's terms are the quote's (0010_crypto_sales.sql checks each against it), with the network it was sent on. */
export function cryptoSaleTerms(
  quote: StoredQuote,
  transactionId: string | undefined,
  network: CryptoNetworkId = saleNetworkFor(quote.coin, undefined),
): SaleTerms {
  return {
    kind: 'crypto',
    title: `${COINS[quote.coin].symbol} · ${quote.amount}`,
    // Shown like a gift card's "amount at a rate": the coins' worth in US dollars at naira per dollar.
    currency: 'USD',
    currencyAmount: new Dec(quote.amount).times(quote.priceUsd).toFixed(),
    exchangeRate: quote.rateNgnPerUsd,
    valueKobo: quote.valueKobo,
    coin: quote.coin,
    coinAmount: quote.amount,
    quoteId: quote.id,
    priceUsd: quote.priceUsd,
    usdtMarketRateNgn: quote.usdtMarketRateNgn,
    usdtAdjustmentNgn: quote.usdtAdjustmentNgn,
    usdtRateNgn: quote.usdtRateNgn,
    coinAdjustmentNgn: quote.coinAdjustmentNgn,
    network,
    transactionId: transactionId ?? null,
  };
}

export async function submitCryptoSale(db: Db, deps: CryptoSaleDeps, request: CryptoSaleRequest): Promise<SubmittedSale> {
  const { userId, fields, screenshot } = request;
  try {
    return await submitSale(db, deps, {
      userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: cryptoSaleRequestHash(fields, screenshot.sourceDigest),
      images: [screenshot],
      terms: async (tx, now) => {
        // The screenshot form is open until an admin closes it (docs/crypto-settlement.md, "The manual path").
        await assertManualPathOpen(tx);
        const quote = await usableQuote(tx, userId, fields.quote_id, now);
        const network = saleNetworkFor(quote.coin, fields.network);
        // One deposit, one sale (duplicates.ts), in the one form the chosen network writes it.
        const transactionId = transactionIdFor(quote.coin, fields.transaction_id, network);
        await refuseUsedTransactionId(tx, quote.coin, transactionId);
        // A deposit to a customer's own address is credited by the watcher, never claimed here.
        await refuseDepositTransactionId(tx, transactionId);
        return cryptoSaleTerms(quote, transactionId, network);
      },
      // The transaction ID is checked on chain for the reviewer, queued with the sale.
      written: async (tx, sale) => {
        if (sale.transactionId) await enqueueTransactionCheck(tx, deps.clock, sale.id, { key: 'first' });
      },
      // Two sales of one quote (or of one deposit) at once, with different keys: the second is told so.
      conflict: (constraint) => {
        if (constraint === 'sales_quote_id_key') return quoteUsed();
        if (constraint === TRANSACTION_ID_UNIQUE_INDEX) return transactionIdUsed();
        if (constraint === DEPOSIT_CLAIM_CONSTRAINT) return transactionIsDeposit();
        if (constraint === 'crypto_manual_path_off') return manualPathOff();
        return undefined;
      },
    });
  } catch (error) {
    if (!(error instanceof QuoteExpiredError)) throw error;
    // Stale prices make this a 503 PRICES_STALE: no fresh value can be promised yet.
    const fresh = await createQuote(db, deps.quotes, userId, { coin: error.quote.coin, amount: error.quote.amount });
    throw new DomainError(error.code, error.message, error.status, { meta: { quote: fresh } });
  }
}

/** Unused quotes are kept a day past their expiry (what a customer was offered, for support), then deleted. */
export const UNUSED_QUOTE_RETENTION_MS = 24 * 60 * 60_000;
export const QUOTE_PURGE_BATCH_SIZE = 5000;

/**
 * Deletes quotes that expired more than `retentionMs` ago and never sold (the `crypto.purge_quotes`
 * job), at most `batchSize` per run. A quote a sale used is never deleted: the sale names it
 * (sales_quote_fk refuses the delete as well).
 */
export async function purgeUnusedQuotes(
  db: Db,
  now: Date,
  retentionMs = UNUSED_QUOTE_RETENTION_MS,
  batchSize = QUOTE_PURGE_BATCH_SIZE,
): Promise<number> {
  const unused = db
    .select({ id: cryptoQuotes.id })
    .from(cryptoQuotes)
    .where(
      and(
        lt(cryptoQuotes.expiresAt, new Date(now.getTime() - retentionMs)),
        notExists(db.select({ id: sales.id }).from(sales).where(eq(sales.quoteId, cryptoQuotes.id))),
        // A deposit priced by it (docs/crypto-settlement.md) may be sold days later, after its confirmations.
        notExists(db.select({ id: chainDeposits.id }).from(chainDeposits).where(eq(chainDeposits.quoteId, cryptoQuotes.id))),
        sql`NOT EXISTS (SELECT 1 FROM crypto_quotes repriced WHERE repriced.deposit_of = ${cryptoQuotes.id})`,
      ),
    )
    .limit(batchSize);
  const deleted = await db.delete(cryptoQuotes).where(inArray(cryptoQuotes.id, unused)).returning({ id: cryptoQuotes.id });
  return deleted.length;
}
