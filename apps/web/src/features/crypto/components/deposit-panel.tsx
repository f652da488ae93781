import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  depositScreenTexts,
  depositStatusTexts,
  fetchMessages,
  type CoinId,
  type CryptoNetworkId,
  type DepositAddress,
} from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts } from '#web/lib/i18n';
import { useDeposits } from '../api/get-deposits';
import { depositsOfThisVisit, isFinished, keepFinishedBefore, recallFinishedBefore } from '../deposit-visit';
import { DepositAddressCard } from './deposit-address-card';
import { DepositStatus, DepositWaiting } from './deposit-status';
import './deposit.css';

interface DepositPanelProps {
  coin: CoinId;
  symbol: string;
  network: CryptoNetworkId;
  address: DepositAddress;
  /** The quote on screen: its amount is what to send, its id keeps this visit's note across a reload. */
  quoteId: string;
  amount: string;
  /** Where a customer who sent to the old shared address uploads a screenshot; undefined once that path is closed. */
  oldAddressHref: string | undefined;
}

/**
 * The deposit screen's own part: the address to send to, then where the customer's deposit is
 * (refetched on each `deposit` live event, polled while the stream is down).
 */
export function DepositPanel({ coin, symbol, network, address, quoteId, amount, oldAddressHref }: DepositPanelProps) {
  const t = useTexts(depositScreenTexts);
  const statusText = useTexts(depositStatusTexts);
  const fetchText = useTexts(fetchMessages);
  const deposits = useDeposits(coin, network);
  const [finishedBefore, setFinishedBefore] = useState(() => recallFinishedBefore(quoteId));
  const list = deposits.data?.deposits;
  // The first read of this network's deposits decides which belong to earlier visits (deposit-visit.ts).
  const before = finishedBefore[network] ?? list?.filter(isFinished).map((deposit) => deposit.id);
  // Noted as it is read (React's "adjusting state while rendering"), so the next reads keep it.
  if (finishedBefore[network] === undefined && before) setFinishedBefore({ ...finishedBefore, [network]: before });
  useEffect(() => keepFinishedBefore(quoteId, finishedBefore), [quoteId, finishedBefore]);

  const minimum = `${address.minimum_amount} ${symbol}`;
  let status;
  if (list && before) {
    const shown = depositsOfThisVisit(list, before);
    status =
      shown.length === 0 ? (
        <DepositWaiting />
      ) : (
        shown.map((deposit) => <DepositStatus key={deposit.id} deposit={deposit} symbol={symbol} minimum={minimum} />)
      );
  } else if (deposits.isError) {
    status = <FetchError message={fetchText.details} onRetry={() => void deposits.refetch()} retrying={deposits.isFetching} />;
  } else {
    status = <Skeleton height={88} />;
  }

  return (
    <>
      <DepositAddressCard address={address} symbol={symbol} amount={amount} />
      {/* Under the copy button: where the customer is when they come back from their wallet. */}
      <section className="deposit-statuses" aria-label={statusText.label} aria-live="polite" data-testid="deposit-statuses">
        {status}
      </section>
      {oldAddressHref ? (
        <p className="deposit-old">
          <Link to={oldAddressHref} data-testid="old-address-link">
            {t.oldAddress}
          </Link>
        </p>
      ) : null}
    </>
  );
}
