/*
 * A crypto transaction ID has one written form (docs/identifiers.md): what a customer pastes — the
 * ID itself, or the explorer link it sits in — either becomes that form or is refused. The sell
 * form's schema, the server and the database's CHECK (0044) hold every stored ID to it, so one
 * deposit can never be written two ways and sold twice.
 */
import type { CoinId } from './crypto';
import { CRYPTO_NETWORKS, type CryptoNetworkId } from './crypto-networks';
import { WALLET_NETWORKS, type AddressFormat } from './wallet-addresses';

/** How a network writes a transaction ID. */
export type TransactionIdFormat = 'hex' | 'solana';

/**
 * By the networks a coin travels on (WALLET_NETWORKS): Bitcoin and TRON IDs are 64 hex digits,
 * EVM chains (Ethereum, BSC) write the same with `0x` in front — one `0x` is taken for every hex
 * network, since the stored form drops it anyway —, a Solana ID is a base58 signature.
 */
const FORMAT_OF_NETWORK: Record<AddressFormat, TransactionIdFormat> = { bitcoin: 'hex', tron: 'hex', evm: 'hex', solana: 'solana' };

/** The formats a coin's transaction ID may take: those of every network it is sent on. */
export const transactionIdFormatsOf = (coin: CoinId): ReadonlySet<TransactionIdFormat> =>
  new Set(Object.values(WALLET_NETWORKS[coin]).map((network) => FORMAT_OF_NETWORK[network]));

/** The one format of the network a sale was sent on (0052): a USDT ID on TRC20 is never a Solana signature. */
export const transactionIdFormatsOn = (network: CryptoNetworkId): ReadonlySet<TransactionIdFormat> =>
  new Set([FORMAT_OF_NETWORK[CRYPTO_NETWORKS[network].addressFormat]]);

const ALL_FORMATS: ReadonlySet<TransactionIdFormat> = new Set(['hex', 'solana']);

export const transactionIdMessages = {
  /** Under the field before the coin is known (any network's form). */
  any: 'A transaction ID is 64 characters, 0-9 and a-f (0x in front is fine), or a Solana signature of up to 88 letters and digits. Paste it, or its explorer link, from your wallet',
  btc: 'A Bitcoin transaction ID is 64 characters, 0-9 and a-f. Paste it, or its explorer link, from your wallet',
  usdt: 'A USDT transaction ID is 64 characters, 0-9 and a-f (0x in front is fine), or on Solana a signature of up to 88 letters and digits. Paste it, or its explorer link, from your wallet',
  bnb: 'A BNB transaction ID is 64 characters, 0-9 and a-f (0x in front is fine). Paste it, or its explorer link, from your wallet',
  sol: 'A Solana transaction ID is a signature of up to 88 letters and digits, without 0, O, I or l. Paste it, or its explorer link, from your wallet',
  /** USDT once its network (TRC20 or BEP20) is chosen. */
  usdtHex:
    'A USDT transaction ID on this network is 64 characters, 0-9 and a-f (0x in front is fine). Paste it, or its explorer link, from your wallet',
} as const;

const HEX_ID = /^[0-9a-fA-F]{64}$/;
const HEX_0X_ID = /^0[xX][0-9a-fA-F]{64}$/;
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A 64-byte signature in base58: 64 characters when every byte is 0, 88 at most. */
const SOLANA_ID = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
/** What a pasted ID or link may contain: printable ASCII, nothing invisible, nothing from another script. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** The number of bytes a base58 string decodes to (leading `1`s are zero bytes). */
export function base58ByteLength(text: string): number {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(char));
  let bytes = 0;
  for (; value > 0n; value >>= 8n) bytes += 1;
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return zeros + bytes;
}

/** One bare ID (no link) in its stored form, or undefined when no format of `formats` reads it. */
function bareId(text: string, formats: ReadonlySet<TransactionIdFormat>): string | undefined {
  if (formats.has('hex') && HEX_ID.test(text)) return text.toLowerCase();
  if (formats.has('hex') && HEX_0X_ID.test(text)) return text.slice(2).toLowerCase();
  if (formats.has('solana') && SOLANA_ID.test(text) && base58ByteLength(text) === 64) return text;
  return undefined;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_AND_PATH = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\//i;

/**
 * The parts of an explorer link that may be the ID: after the host, each piece between `/`, `?`,
 * `#`, `&` and `=` — the path's segments, a `#/…` fragment's (tronscan's), the query's names and
 * values (`?txid=…`). Undefined when the text is no link. The text is printable ASCII already, so
 * no character is hidden from this split.
 */
function linkParts(text: string): string[] | undefined {
  const rest = SCHEME.test(text) ? text.replace(SCHEME, '') : HOST_AND_PATH.test(text) ? text : undefined;
  if (rest === undefined) return undefined;
  const [, ...parts] = rest.split(/[/?#&=]/);
  return parts.filter((part) => part !== '');
}

export type TransactionIdParse = { ok: true; id: string | undefined } | { ok: false };

/**
 * What a customer typed or pasted into the transaction ID field, for `coin` (or for any network
 * when the coin is not known yet): `{ ok: true, id }` with the stored form — 64 lower-case hex
 * digits without `0x` for Bitcoin, TRON and EVM chains, the signature as it is for Solana — or
 * `id: undefined` when the field is empty (it is optional); `{ ok: false }` for anything else.
 * Only white space around the text is forgiven; any other character outside the network's
 * alphabet (invisible, lookalike, full-width, a quote, a full stop, a second `0x`) refuses it.
 * A link gives the one ID among its parts; a link with none, or with two different ones, is refused.
 */
export function parseTransactionId(coin: CoinId | undefined, typed: string, network?: CryptoNetworkId): TransactionIdParse {
  const formats = network !== undefined ? transactionIdFormatsOn(network) : coin === undefined ? ALL_FORMATS : transactionIdFormatsOf(coin);
  const text = typed.trim();
  if (text === '') return { ok: true, id: undefined };
  if (!PRINTABLE_ASCII.test(text)) return { ok: false };
  const bare = bareId(text, formats);
  if (bare !== undefined) return { ok: true, id: bare };
  const parts = linkParts(text);
  if (parts === undefined) return { ok: false };
  const ids = new Set(parts.map((part) => bareId(part, formats)).filter((id) => id !== undefined));
  const [id] = ids;
  return ids.size === 1 && id !== undefined ? { ok: true, id } : { ok: false };
}

/** Whether `id` is already in its stored form for `coin` (what the database's CHECK holds). */
export const isStoredTransactionId = (coin: CoinId, id: string): boolean => {
  const parsed = parseTransactionId(coin, id);
  return parsed.ok && parsed.id === id;
};

/** What a transaction ID looks like, for the coin (or for any coin), on the network when it is chosen. */
export const transactionIdMessageFor = (coin: CoinId | undefined, network?: CryptoNetworkId): string =>
  coin === 'usdt' && network !== undefined
    ? transactionIdMessages[network === 'solana' ? 'sol' : 'usdtHex']
    : transactionIdMessages[coin ?? 'any'];
