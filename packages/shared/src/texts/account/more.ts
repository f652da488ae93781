/** /more. */
export const moreTexts = {
  title: 'More',
  intro: 'Everything else Wise can do for you',
  rewards: 'Rewards',
  rewardsSub: 'Collect the gems your sales earned',
  transactions: 'Transactions',
  transactionsSub: 'Your sales and bills, with their receipts',
  support: 'Support',
  supportSub: 'Reach us on WhatsApp or by e-mail',
} as const;
