import { COIN_IDS, COINS, networkName, type CoinId } from '@wise/shared';
import type { AdminWallet } from '@wise/shared/admin';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { useWatch } from '#web/lib/form/use-watch';
import { useZodForm } from '#web/lib/use-zod-form';
import { networksOf, walletFormSchema, type WalletFormOutput } from '../form-schemas';
import { WalletWarning } from './wallet-warning';
import './business.css';
import './crypto.css';
import '#web/components/admin/dialog.css';

const coinOptions = COIN_IDS.map((coin) => ({ value: coin, label: `${COINS[coin].name} (${COINS[coin].symbol})` }));

interface WalletAddressFormProps {
  /** Absent: a new address. An existing address keeps its coin. */
  wallet?: AdminWallet;
  /** Values typed before (back from the confirm step): shown instead of the saved ones. */
  draft?: WalletFormOutput;
  /** Called with the checked values; the caller asks for the authenticator code before saving. */
  onSubmit: (values: WalletFormOutput) => void;
  onCancel: () => void;
}

/**
 * Coin, network (the networks that coin is taken on), the address checked against that network's
 * alphabet and shape, an optional memo/tag, enabled. Nothing is saved here: the values go on to
 * the confirm-code step.
 */
export function WalletAddressForm({ wallet, draft, onSubmit, onCancel }: WalletAddressFormProps) {
  const start = draft ?? wallet;
  const initialCoin: CoinId = start?.coin ?? 'btc';
  const form = useZodForm(walletFormSchema, {
    coin: initialCoin,
    network: start?.network ?? networksOf(initialCoin)[0] ?? 'bitcoin',
    address: start?.address ?? '',
    memo: start?.memo ?? '',
    enabled: start?.enabled ?? true,
  });
  const coin = useWatch({ control: form.control, name: 'coin' });
  const networks = networksOf(coin);
  const errors = form.formState.errors;
  const coinField = form.field('coin');

  return (
    <form className="admin-form" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <WalletWarning compact />
      <div className="admin-form-row">
        {wallet ? (
          // A disabled control would drop the coin from the values: shown read-only instead.
          <FormField
            label="Coin"
            value={`${COINS[wallet.coin].name} (${COINS[wallet.coin].symbol})`}
            readOnly
            hint="An address keeps its coin"
          />
        ) : (
          <FormSelect
            label="Coin"
            options={coinOptions}
            error={errors.coin?.message}
            {...coinField}
            onChange={(event) => {
              void coinField.onChange(event);
              // The network follows the coin: the first one it is taken on unless the current one fits.
              const next = networksOf(event.target.value as CoinId);
              if (!next.includes(form.getValues('network'))) form.setValue('network', next[0] ?? 'bitcoin');
            }}
          />
        )}
        <FormSelect
          label="Network"
          options={networks.map((network) => ({ value: network, label: networkName(network) }))}
          error={errors.network?.message}
          {...form.field('network')}
        />
      </div>
      <FormField
        label="Address"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className="biz-address"
        error={errors.address?.message}
        hint="Paste it from the wallet; never type it by hand"
        {...form.field('address')}
      />
      <FormField
        label="Memo / tag (optional)"
        autoComplete="off"
        error={errors.memo?.message}
        hint="Only for networks that need one"
        {...form.field('memo')}
      />
      <label className="biz-check">
        <input type="checkbox" {...form.field('enabled')} />
        <span>Enabled — customers are shown this address</span>
      </label>
      <div className="admin-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}
