export const historyScreenTexts = {
  header: 'History',
  title: 'History · Wise',
  sellGiftCards: 'Sell gift cards',
} as const;
