import { pair, type TextPair } from '../../index';
import {
  actionCardTexts,
  dashboardTexts,
  dashboardGemCardTexts,
  notificationsScreenTexts,
  pendingActionTexts,
  servicesGridTexts,
} from '../../../texts/sales/index';
import { payoutLimitTexts } from '../../../plain/limit-messages';

export const dashboardPairs: readonly TextPair[] = [
  pair(dashboardTexts, {
    title: 'Home · Wise',
    profile: 'Your own profile',
    greeting: (name) => `How far, ${name}`,
    welcome: 'We happy say you come back to Wise',
    notifications: 'Notification dem',
    notificationsUnread: (unread) => `Notifications, ${unread} wey you never read`,
    loading: 'E dey load',
  }),
  pair(dashboardGemCardTexts, {
    label: 'Your Wise Gem balance',
    hide: 'Cover balance',
    show: 'Show me balance',
    gems: 'gems',
    hidden: 'Balance dey hidden',
    history: 'Wetin don happen',
  }),
  pair(actionCardTexts, {
    label: 'Wetin you wan sell',
    giftCards: 'Sell your Gift Cards',
    giftCardsText: 'Change your gift cards to naira',
    crypto: 'Sell Crypto',
    cryptoText: 'BTC, USDT, BNB plus SOL',
  }),
  pair(pendingActionTexts, {
    heading: 'Finish your setup',
    set_pin: { title: 'Set your PIN for transaction', text: 'You go need am to pay bills with your gems' },
    upload_photo: { title: 'Put your profile photo', text: 'Make we see your face for your account' },
    add_bank_details: { title: 'Put your bank details', text: 'Na there we go pay you for wetin you sell' },
  }),
  pair(servicesGridTexts, {
    heading: 'Wetin you fit pay for',
    airtime: 'Airtime',
    data: 'Data',
    bettings: 'Betting',
    tv: 'TV',
    electricity: 'Light',
    transport: 'Transport',
    earn: 'Make gems',
    more: 'Other things',
  }),
  pair(notificationsScreenTexts, {
    header: 'Notification dem',
    title: 'Notification dem · Wise',
    loading: 'E dey load',
    emptyTitle: 'No notification yet',
    emptyText: 'We go tell you for here when anything happen for your account.',
    unread: 'You never read am',
  }),
  pair(payoutLimitTexts, {
    total: (limit, left, wayUp) => `Before verification, you fit sell reach ${limit} in total, and ${left} remain for you. ${wayUp}`,
    daily: (limit, left, wayUp) => `Your daily selling limit na ${limit}, and ${left} remain for you today. ${wayUp}`,
  }),
];
