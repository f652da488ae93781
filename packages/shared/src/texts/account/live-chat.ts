/** /support/livechat. */
export const liveChatTexts = {
  title: 'Live chat',
  text: 'Chat with our support team right here in the app. Meanwhile, reach us on WhatsApp or by e-mail.',
} as const;
