import { useParams } from 'react-router';
import { isCoinId, type CoinId } from '@wise/shared';

/** The `:coin` of a sell-crypto route, when it is one of the four coins (docs/product.md §1). */
export function useCoinParam(): CoinId | undefined {
  const { coin } = useParams();
  return isCoinId(coin) ? coin : undefined;
}
