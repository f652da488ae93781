import { TriangleAlert } from 'lucide-react';
import type { WalletAddress } from '@wise/shared';
import { toastError } from '../../../components/ui/toast';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from './qr-code';
import './crypto.css';

const COPY_FAILED = 'Could not copy. Press and hold the address to copy it';

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
  return (
    <section className="wallet" aria-label={`${symbol} address`} data-testid="wallet-address">
      <p className="wallet__send">
        Send exactly{' '}
        <strong>
          {amount} {symbol}
        </strong>{' '}
        on the <strong>{address.network}</strong> network to:
      </p>
      <div className="wallet__qr">
        <QrCode text={address.address} label={`QR code of our ${symbol} address on ${address.network}`} />
      </div>
      <div className="wallet__row">
        <span className="wallet__label">{symbol} address</span>
        <code className="wallet__address" data-testid="wallet-address-text">
          {address.address}
        </code>
        <CopyButton text={address.address} label="Copy address" onCopyFailed={() => toastError(COPY_FAILED)} />
      </div>
      {address.memo ? (
        <div className="wallet__row">
          <span className="wallet__label">Memo (include it, or the coins cannot be matched to you)</span>
          <code className="wallet__address">{address.memo}</code>
          <CopyButton text={address.memo} label="Copy memo" onCopyFailed={() => toastError(COPY_FAILED)} />
        </div>
      ) : null}
      <p className="wallet__warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <span>
          Send only <strong>{symbol}</strong> on the <strong>{address.network}</strong> network to this address. Any other coin,
          or {symbol} sent on another network, is lost and cannot be returned.
        </span>
      </p>
    </section>
  );
}
