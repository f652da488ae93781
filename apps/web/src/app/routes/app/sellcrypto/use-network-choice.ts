import { useSearchParams } from 'react-router';
import { COIN_NETWORKS, type CoinId, type CryptoNetworkId } from '@wise/shared';

/**
 * The network a coin is sent on. A coin we take on several (USDT: TRC20, BEP20) is asked which one
 * first; the choice goes in the address, so a reload, or coming back from the proof step, keeps it.
 */
export function useNetworkChoice(coin: CoinId) {
  const [search, setSearch] = useSearchParams();
  // Every network the coin is taken on, in the order customers read them: one without an address
  // now says so once chosen, rather than vanishing from the choice.
  const networks = COIN_NETWORKS[coin];
  const mustChoose = networks.length > 1;
  const choice = search.get('network');
  const chosen: CryptoNetworkId | undefined = mustChoose ? networks.find((network) => network === choice) : networks[0];
  const choose = (network: CryptoNetworkId) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('network', network);
        return next;
      },
      { replace: true },
    );
  return { networks, mustChoose, chosen, choose };
}
