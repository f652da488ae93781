/** The wallet address step when the customer pays to an address of their own (docs/crypto-settlement.md). */
export const depositScreenTexts = {
  text: 'Send from your wallet or exchange. We see it on the blockchain and pay you: no screenshot needed.',
  textSolanaPay: 'Send from a wallet app. We see it on the blockchain and pay you: no screenshot needed.',
  priceRule:
    'If your deposit reaches the blockchain before the timer ends, you get this price. After that, you get the rate at the moment we see it.',
  oldAddress: 'Sent to our old address? Upload proof',
  manualClosed: 'Screenshots are no longer taken: send to your own address instead.',
  /** The heading once a deposit took the quote: the screen is about that deposit now, not sending. */
  depositHeading: (symbol: string) => `Your ${symbol} deposit`,
  sellMore: 'To sell more, start a new sale with a fresh price.',
  sellAgain: 'Sell again',
  /** The address folded away under a deposit on its way: one tap brings it back. */
  showAddress: (symbol: string) => `Show your ${symbol} address`,
} as const;
