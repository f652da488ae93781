export const walletAddressCardTexts = {
  copyFailed: 'Could not copy. Press and hold the address to copy it',
  label: (symbol: string) => `${symbol} address`,
  sendExactly: 'Send exactly',
  onThe: 'on the',
  networkTo: 'network to:',
  qr: (symbol: string, network: string) => `QR code of our ${symbol} address on ${network}`,
  copyAddress: 'Copy address',
  memo: 'Memo (include it, or the coins cannot be matched to you)',
  copyMemo: 'Copy memo',
  sendOnly: 'Send only',
  networkToAddress: 'network to this address. Any other coin,',
  lost: (symbol: string) => `or ${symbol} sent on another network, is lost and cannot be returned.`,
} as const;
