import { Info, TriangleAlert, Wallet } from 'lucide-react';
import { CRYPTO_NETWORKS, depositAddressCardTexts, networkName, walletAddressCardTexts, type DepositAddress } from '@wise/shared';
import '#web/components/ui/button.css';
import { CopyButton } from '#web/components/ui/copy-button';
import { toastError } from '#web/components/ui/toast';
import { useTexts } from '#web/lib/i18n';
import { QrCode } from './qr-code';
import './crypto.css';
import './deposit.css';

interface DepositAddressCardProps {
  address: DepositAddress;
  symbol: string;
  /** The amount the quote was given for. */
  amount: string;
}

/** Only a Solana Pay link opens a wallet from here: the server writes it, and no other scheme may reach an href. */
const solanaPayLink = (uri: string) => (uri.startsWith('solana:') ? uri : undefined);

/**
 * Where this customer sends the coin: their own address (or, on Solana, a transfer request carrying
 * a reference drawn for this payment), its QR code, a copy button, the minimum, and which coin and
 * chain only may be sent there.
 */
export function DepositAddressCard({ address, symbol, amount }: DepositAddressCardProps) {
  const t = useTexts(depositAddressCardTexts);
  const shared = useTexts(walletAddressCardTexts);
  const network = networkName(address.network);
  const solanaPay = address.kind === 'solana_pay';
  const openLink = solanaPay ? solanaPayLink(address.payment_uri) : undefined;
  return (
    <section className="wallet" aria-label={t.label(symbol)} data-testid="deposit-address">
      <p className="wallet__send">{(solanaPay ? t.sendSolanaPay : t.send)(`${amount} ${symbol}`, network)}</p>
      <div className="wallet__qr">
        <QrCode text={address.payment_uri} label={solanaPay ? t.qrSolanaPay : t.qr(symbol, network)} />
      </div>
      {openLink ? (
        <a className="btn btn--secondary" href={openLink} data-testid="open-in-wallet">
          <Wallet size={18} aria-hidden="true" /> {t.openInWallet}
        </a>
      ) : null}
      {/* Before the address: an exchange customer reads what the reference means before copying it. */}
      {solanaPay ? (
        <div className="deposit-note" data-testid="solana-pay-note">
          <Info size={20} aria-hidden="true" />
          <div>
            <p>{t.solanaPay}</p>
            <p>{t.exchanges}</p>
          </div>
        </div>
      ) : null}
      <div className="wallet__row">
        <span className="wallet__label">{solanaPay ? t.ourAddress(symbol) : t.label(symbol)}</span>
        <code className="wallet__address" data-testid="deposit-address-text">
          {address.address}
        </code>
        <CopyButton text={address.address} label={shared.copyAddress} onCopyFailed={() => toastError(shared.copyFailed)} />
      </div>
      <p className="deposit-minimum" data-testid="deposit-minimum">
        {t.minimum(`${address.minimum_amount} ${symbol}`)}
      </p>
      <p className="wallet__warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <span>
          <strong>{t.sendOnly(symbol, CRYPTO_NETWORKS[address.network].chain)}</strong> {shared.lost(symbol)}
        </span>
      </p>
    </section>
  );
}
