import { TriangleAlert } from 'lucide-react';
import { networkName, walletAddressCardTexts, type WalletAddress } from '@wise/shared';
import { toastError } from '#web/components/ui/toast';
import { CopyButton } from '#web/components/ui/copy-button';
import { QrCode } from './qr-code';
import { useTexts } from '#web/lib/i18n';
import './crypto.css';

interface WalletAddressCardProps {
  address: WalletAddress;
  symbol: string;
  /** The amount the quote was given for: what the customer should send. */
  amount: string;
}

/**
 * Where to send the coin: the platform's address for this coin and network, a copy button, a QR
 * code, and a clear warning that only this coin on this network arrives.
 */
export function WalletAddressCard({ address, symbol, amount }: WalletAddressCardProps) {
  const t = useTexts(walletAddressCardTexts);
  // "TRON (TRC20)": the chain and the name wallets give it, so the customer finds it in theirs.
  const network = networkName(address.network);
  return (
    <section className="wallet" aria-label={t.label(symbol)} data-testid="wallet-address">
      <p className="wallet__send">
        {t.sendExactly}{' '}
        <strong>
          {amount} {symbol}
        </strong>{' '}
        {t.on} <strong>{network}</strong> {t.to}
      </p>
      <div className="wallet__qr">
        <QrCode text={address.address} label={t.qr(symbol, network)} />
      </div>
      <div className="wallet__row">
        <span className="wallet__label">{t.label(symbol)}</span>
        <code className="wallet__address" data-testid="wallet-address-text">
          {address.address}
        </code>
        <CopyButton text={address.address} label={t.copyAddress} onCopyFailed={() => toastError(t.copyFailed)} />
      </div>
      {address.memo ? (
        <div className="wallet__row">
          <span className="wallet__label">{t.memo}</span>
          <code className="wallet__address">{address.memo}</code>
          <CopyButton text={address.memo} label={t.copyMemo} onCopyFailed={() => toastError(t.copyFailed)} />
        </div>
      ) : null}
      <p className="wallet__warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <span>
          <strong>{t.sendOnly(symbol, network)}</strong> {t.lost(symbol)}
        </span>
      </p>
    </section>
  );
}
