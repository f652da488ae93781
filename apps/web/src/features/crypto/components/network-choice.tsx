import { CRYPTO_NETWORKS, walletAddressScreenTexts, type CryptoNetworkId } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import './crypto.css';

interface NetworkChoiceProps {
  symbol: string;
  /** Every network the coin is taken on, in the order customers read them. */
  networks: readonly CryptoNetworkId[];
  chosen: CryptoNetworkId | undefined;
  onChoose: (network: CryptoNetworkId) => void;
}

/** Which network the coin goes on (USDT: TRC20 or BEP20): the address depends on it, and coins sent on another are lost. */
export function NetworkChoice({ symbol, networks, chosen, onChoose }: NetworkChoiceProps) {
  const t = useTexts(walletAddressScreenTexts);
  return (
    <fieldset className="network-choice" data-testid="network-choice">
      <legend className="network-choice__title">{t.chooseNetwork(symbol)}</legend>
      <p className="network-choice__hint">{t.chooseNetworkHint}</p>
      <div className="chips network-chips" role="group" aria-label={t.network}>
        {networks.map((network) => (
          <button
            key={network}
            type="button"
            className="chip network-chip"
            aria-pressed={network === chosen}
            onClick={() => onChoose(network)}
          >
            <span>{CRYPTO_NETWORKS[network].label}</span> <span className="network-chip__chain">{CRYPTO_NETWORKS[network].chain}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
