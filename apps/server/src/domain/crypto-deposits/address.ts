import {
  COINS,
  coinTakenOn,
  cryptoNetworkMessages,
  depositErrorCodes,
  depositMessages,
  type CoinId,
  type CryptoNetworkId,
  type DepositAddress,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import type { ChainNetwork, ChainWatcher, DerivedNetwork } from '#server/providers/chains/types';
import { DomainError, validationError } from '../errors';
import { depositAddressFor, newSolanaPaymentReference, type AddressDeriver } from './allocate';
import type { DepositPolicy } from './policy';

/**
 * GET /api/crypto/deposit-address: where this customer pays this coin on this network — their own
 * address (handed out once), or on Solana the company's address with a reference key drawn for
 * this payment. A network nobody watches gives none: 503 DEPOSITS_UNAVAILABLE, and the sell screen
 * shows the shared address and the screenshot instead.
 */

export interface DepositAddressDeps {
  watchers: Partial<Record<ChainNetwork, ChainWatcher>>;
  derivers: Partial<Record<DerivedNetwork, AddressDeriver>>;
  policy: DepositPolicy;
  solanaRecipient?: string;
  solanaUsdtMint: string;
}

export const depositsUnavailable = () => new DomainError(depositErrorCodes.unavailable, depositMessages.unavailable, 503);

/** Whether a customer can pay on this network to an address of their own. */
export function depositsAvailable(deps: DepositAddressDeps, network: ChainNetwork): boolean {
  if (!deps.watchers[network]) return false;
  return network === 'solana' ? deps.solanaRecipient !== undefined : deps.derivers[network] !== undefined;
}

export async function depositAddressAnswer(
  db: Db,
  deps: DepositAddressDeps,
  userId: string,
  coin: CoinId,
  network: CryptoNetworkId,
): Promise<DepositAddress> {
  if (!coinTakenOn(coin, network)) {
    const message = cryptoNetworkMessages.networkInvalid(COINS[coin].symbol);
    throw validationError(message, { network: message });
  }
  if (!depositsAvailable(deps, network)) throw depositsUnavailable();
  const common = { coin, network, minimum_amount: deps.policy.minimum[coin], required_confirmations: deps.policy.confirmations[network] };
  if (network === 'solana') {
    const recipient = deps.solanaRecipient!;
    const { reference } = await newSolanaPaymentReference(db, userId, recipient);
    const token = coin === 'usdt' ? `&spl-token=${encodeURIComponent(deps.solanaUsdtMint)}` : '';
    // A transfer request without an amount: the wallet asks the customer for it (Solana Pay, "Transfer request").
    return {
      ...common,
      kind: 'solana_pay',
      address: recipient,
      reference,
      payment_uri: `solana:${recipient}?reference=${reference}${token}`,
    };
  }
  const given = await depositAddressFor(db, userId, deps.derivers[network]!);
  return {
    ...common,
    kind: 'address',
    address: given.address,
    reference: null,
    payment_uri: network === 'bitcoin' ? `bitcoin:${given.address}` : given.address,
  };
}
