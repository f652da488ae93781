import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';

/**
 * Solana Pay transfer requests (the Solana Pay specification, "Transfer request"): a `solana:` URL
 * a wallet app reads, paying `amount` of SOL (or of the `spl-token` mint) to the company's
 * address with a `reference` key included in the transaction, so the server finds the payment by
 * that key (getSignaturesForAddress) without any address of the customer's own. Built by hand:
 * the spec is a URL format, and @solana/pay would bring a QR-code styling library along.
 */

/** SOL has 9 decimals (lamports); USDT's mint on Solana has 6. */
export const SOL_DECIMALS = 9;

export interface TransferRequest {
  /** The company's Solana address (base58). */
  recipient: string;
  /** A decimal string in the coin's units ("0.25"), at most the mint's decimals. */
  amount: string;
  /** Decimals of the coin or mint, to refuse an amount finer than it (9 for SOL). */
  decimals?: number;
  /** The SPL token mint; absent for SOL. */
  splToken?: string;
  /** One or more reference keys; the first is the payment's own. */
  references: readonly string[];
  label?: string;
  message?: string;
  memo?: string;
}

export class SolanaPayError extends Error {
  override name = 'SolanaPayError';
}

const AMOUNT = /^(0|[1-9]\d*)(\.\d+)?$/;

export function isSolanaAddress(text: string): boolean {
  try {
    return base58.decode(text).length === 32;
  } catch {
    return false;
  }
}

/** A fresh reference key: 32 random bytes in base58, as any Solana account key is written. */
export function newSolanaReference(): string {
  return base58.encode(randomBytes(32));
}

/** The `solana:` URL of a transfer request, every value percent-encoded as the spec asks. */
export function transferRequestUrl(request: TransferRequest): string {
  if (!isSolanaAddress(request.recipient)) throw new SolanaPayError('recipient is not a Solana address');
  if (!AMOUNT.test(request.amount)) throw new SolanaPayError(`amount must be a plain decimal number: ${request.amount}`);
  const decimals = request.decimals ?? (request.splToken ? undefined : SOL_DECIMALS);
  const fraction = request.amount.split('.')[1] ?? '';
  if (decimals !== undefined && fraction.length > decimals) throw new SolanaPayError(`amount has more than ${decimals} decimals`);
  if (/^0(\.0*)?$/.test(request.amount)) throw new SolanaPayError('amount must be above zero');
  if (request.splToken !== undefined && !isSolanaAddress(request.splToken)) throw new SolanaPayError('spl-token is not a mint address');
  if (request.references.length === 0) throw new SolanaPayError('a transfer request needs a reference key to be found by');
  for (const reference of request.references)
    if (!isSolanaAddress(reference)) throw new SolanaPayError('reference is not a Solana public key');
  const params: [string, string][] = [['amount', request.amount]];
  if (request.splToken) params.push(['spl-token', request.splToken]);
  for (const reference of request.references) params.push(['reference', reference]);
  if (request.label) params.push(['label', request.label]);
  if (request.message) params.push(['message', request.message]);
  if (request.memo) params.push(['memo', request.memo]);
  return `solana:${request.recipient}?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/** Reads a transfer request URL back (for tests and for checking what a screen shows). */
export function parseTransferRequestUrl(url: string): TransferRequest {
  const match = /^solana:([1-9A-HJ-NP-Za-km-z]+)(?:\?(.*))?$/.exec(url);
  if (!match) throw new SolanaPayError('not a solana: transfer request');
  const params = new URLSearchParams((match[2] ?? '').replace(/\+/g, '%2B'));
  const optional = (key: string) => params.get(key) ?? undefined;
  return {
    recipient: match[1]!,
    amount: params.get('amount') ?? '',
    splToken: optional('spl-token'),
    references: params.getAll('reference'),
    label: optional('label'),
    message: optional('message'),
    memo: optional('memo'),
  };
}
