import { pair, type TextPair } from '../../index';
import { pushMessages, pushTitles, pwaTexts } from '../../../plain/push';
import { bettingsTexts, liveChatTexts, moreTexts, supportTexts, transportTexts } from '../../../texts/account/index';

export const helpPairs: readonly TextPair[] = [
  pair(supportTexts, {
    title: 'Help',
    intro: 'We dey here to help you. Reach us anyhow wey sweet you.',
    whatsapp: 'Chat us for WhatsApp',
    email: 'Send us e-mail',
    liveChat: 'Chat with us live',
    liveChatSub: 'Talk to us inside the app',
  }),
  pair(liveChatTexts, {
    title: 'Chat with us live',
    text: 'Chat with our support team right here inside the app. For now, reach us for WhatsApp or by e-mail.',
  }),
  pair(moreTexts, {
    title: 'Other things',
    intro: 'Every other thing wey Wise fit do for you',
    rewards: 'Your rewards',
    rewardsSub: 'Collect the gems wey your sales don earn',
    transactions: 'Your transactions',
    transactionsSub: 'Wetin you don sell and bills wey you pay, with their receipt',
    support: 'Help',
    supportSub: 'Reach us for WhatsApp or by e-mail',
  }),
  pair(bettingsTexts, {
    title: 'Betting games',
    text: 'Fund your betting wallets with Wise Gems. We dey put the final touch for am.',
  }),
  pair(transportTexts, {
    title: 'Transport',
    text: 'Pay for rides and bus tickets with Wise Gems. We dey put the final touch for am.',
  }),
  pair(pwaTexts, {
    offlineTitle: 'Network no dey',
    offlineBody: 'Check your connection. Wetin you dey see fit don old, and nothing fit send until network come back.',
    offlineRetry: 'Try am again',
    updateAvailable: 'New Wise version don land.',
    updateAction: 'Update am',
    updateDismiss: 'No be now',
    pushCardTitle: 'Notifications for this device',
    pushCardBody: 'Make we tell you sharp sharp when dem pay or reject your sale, or when your purchase settle.',
    pushTurnOn: 'On am',
    pushTurnOff: 'Off am',
    pushOn: 'Notifications dey on for this device.',
    pushBlocked: 'You don block notifications for Wise for your browser settings.',
    pushFailed: 'We no fit on notifications. Try again.',
  }),
  pair(pushTitles, {
    salePaid: 'Sale don pay',
    saleRejected: 'Dem reject sale',
    payoutFailed: 'Payout no work',
    payoutDelayed: 'Payout don delay',
    coinsReturned: 'Coins don return',
    billSuccessful: 'Purchase don go',
    billFailed: 'Purchase no work',
  }),
  pair(pushMessages, {
    endpointInvalid: 'Put correct https push endpoint (e no fit pass 1000 characters).',
    endpointNotAllowed: 'This push endpoint no be one of the browsers push services.',
    p256dhInvalid: 'The browser push key must be 65-byte P-256 key for base64url.',
    authInvalid: 'The browser push secret must be 16 bytes for base64url.',
    disabled: 'Notifications no dey for this device.',
    subscriptionNotFound: 'This device never subscribe.',
  }),
];
