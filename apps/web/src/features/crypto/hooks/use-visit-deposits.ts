import { useEffect, useState } from 'react';
import type { CoinId, CryptoNetworkId } from '@wise/shared';
import { useDeposits } from '../api/get-deposits';
import { keepVisit, noteFirstRead, recallVisit, visitOf, type Visit, type VisitNote } from '../deposit-visit';

/**
 * The customer's deposits on the network watched, as this visit of the deposit screen reads them
 * (deposit-visit.ts): `visit` once the first read is in, with the query for its loading and error
 * states. `network` undefined: nothing to watch (no network chosen, or no address of their own).
 */
export function useVisitDeposits(coin: CoinId, network: CryptoNetworkId | undefined, quoteId: string | undefined) {
  const deposits = useDeposits(coin, network);
  // The note is recalled for the first quote the screen knows; a renewal of it carries the note on.
  const [{ recalledFor, note }, setState] = useState(() => ({ recalledFor: quoteId, note: recallVisit(quoteId) }));
  const setNote = (next: VisitNote) => setState({ recalledFor, note: next });
  const list = network ? deposits.data?.deposits : undefined;
  const firstRead = network ? (note[network] ?? (list ? noteFirstRead(list) : undefined)) : undefined;
  // Adjusted while rendering (React's pattern for state that follows props), so the next reads keep it.
  if (recalledFor === undefined && quoteId) setState({ recalledFor: quoteId, note: recallVisit(quoteId) });
  else if (network && note[network] === undefined && firstRead) setNote({ ...note, [network]: firstRead });
  useEffect(() => {
    if (quoteId) keepVisit(quoteId, note);
  }, [quoteId, note]);
  const visit: Visit | undefined = list && firstRead ? visitOf(list, firstRead) : undefined;
  return { deposits, visit };
}
