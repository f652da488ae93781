/** Support, More and the coming-soon screens' own words (docs/product.md §2). */

/** /support. */
export const supportTexts = {
  title: 'Support',
  intro: 'We are here to help. Reach us the way that suits you.',
  whatsapp: 'Chat on WhatsApp',
  email: 'Send us an e-mail',
  liveChat: 'Live chat',
  liveChatSub: 'Talk to us in the app',
} as const;

/** /support/livechat. */
export const liveChatTexts = {
  title: 'Live chat',
  text: 'Chat with our support team right here in the app. Meanwhile, reach us on WhatsApp or by e-mail.',
} as const;

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

export const bettingsTexts = {
  title: 'Bettings',
  text: 'Fund your betting wallets with Wise Gems. We are putting the finishing touches to it.',
} as const;

export const transportTexts = {
  title: 'Transport',
  text: 'Pay for rides and bus tickets with Wise Gems. We are putting the finishing touches to it.',
} as const;
