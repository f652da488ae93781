export const walletAddressCardTexts = {
  copyFailed: 'Could not copy. Press and hold the address to copy it',
  label: (symbol: string) => `${symbol} address`,
  sendExactly: 'Send exactly',
  /** `network` as networkName writes it: "TRON (TRC20)", "Bitcoin". */
  on: 'on',
  to: 'to:',
  qr: (symbol: string, network: string) => `QR code of our ${symbol} address on ${network}`,
  copyAddress: 'Copy address',
  memo: 'Memo (include it, or the coins cannot be matched to you)',
  copyMemo: 'Copy memo',
  sendOnly: (symbol: string, network: string) => `Send only ${symbol} on ${network} to this address.`,
  lost: (symbol: string) => `Any other coin, or ${symbol} sent on another network, is lost and cannot be returned.`,
} as const;
