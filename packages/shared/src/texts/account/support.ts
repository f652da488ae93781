/** /support. */
export const supportTexts = {
  title: 'Support',
  intro: 'We are here to help. Reach us the way that suits you.',
  whatsapp: 'Chat on WhatsApp',
  email: 'Send us an e-mail',
  liveChat: 'Live chat',
  liveChatSub: 'Talk to us in the app',
} as const;
