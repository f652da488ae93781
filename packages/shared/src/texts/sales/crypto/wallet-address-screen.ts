export const walletAddressScreenTexts = {
  header: 'Wallet address',
  title: 'Wallet address · Wise',
  loading: 'Loading',
  notReceiving: (symbol: string) => `We are not receiving ${symbol} right now`,
  tryLater: 'Please try again later, or sell another coin.',
  network: 'Network',
  sent: 'I have sent it',
  heading: (symbol: string) => `Send your ${symbol}`,
  text: 'Send the coins from your wallet or exchange, then tell us you sent them.',
} as const;
