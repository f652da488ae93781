export const walletAddressScreenTexts = {
  header: 'Wallet address',
  title: 'Wallet address · Wise',
  loading: 'Loading',
  notReceiving: (symbol: string) => `We are not receiving ${symbol} right now`,
  tryLater: 'Please try again later, or sell another coin.',
  network: 'Network',
  chooseNetwork: (symbol: string) => `Which network will you send your ${symbol} on?`,
  chooseNetworkHint: 'Pick the one your wallet or exchange shows. The address depends on it.',
  sent: 'I have sent it',
  heading: (symbol: string) => `Send your ${symbol}`,
  text: 'Send the coins from your wallet or exchange, then tell us you sent them.',
} as const;
