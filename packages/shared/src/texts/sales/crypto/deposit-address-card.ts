/** The customer's own deposit address, or a Solana Pay request for this payment (docs/crypto-settlement.md). */
export const depositAddressCardTexts = {
  label: (symbol: string) => `Your ${symbol} address`,
  /** `amount` with its symbol ("100 USDT"), `network` as networkName writes it ("TRON (TRC20)"). */
  send: (amount: string, network: string) => `Send ${amount} on ${network} to your own address:`,
  /** Solana: the company's address, with a reference drawn for this payment. */
  sendSolanaPay: (amount: string, network: string) => `Send ${amount} on ${network} with this payment request:`,
  ourAddress: (symbol: string) => `Our ${symbol} address`,
  qr: (symbol: string, network: string) => `QR code of your ${symbol} address on ${network}`,
  qrSolanaPay: 'QR code of the Solana Pay request for this payment',
  /** `chain` is the chain's name ("TRON"), as the brief warning reads. */
  sendOnly: (symbol: string, chain: string) => `Send only ${symbol} on ${chain} to this address.`,
  minimum: (amount: string) => `Minimum ${amount}. Less than this is held, not sold.`,
  openInWallet: 'Open in wallet',
  solanaPay: 'Scan or open it with a Solana wallet app: it adds the reference that tells us the payment is yours.',
  exchanges:
    'Exchanges cannot add that reference, so we cannot tell their payment is yours: send from a wallet app. Sent from an exchange already? Contact support with the transaction ID.',
} as const;
