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
    profile: 'Your profile',
    greeting: (name) => `How far, ${name}`,
    welcome: 'Welcome back to Wise',
    notifications: 'Notifications',
    notificationsUnread: (unread) => `Notifications, ${unread} wey you never read`,
    loading: 'E dey load',
  }),
  pair(dashboardGemCardTexts, {
    label: 'Your Wise Gem balance',
    hide: 'Hide balance',
    show: 'Show balance',
    gems: 'gems',
    hidden: 'Balance dey hidden',
    history: 'History',
  }),
  pair(actionCardTexts, {
    label: 'Sell',
    giftCards: 'Sell Gift Cards',
    giftCardsText: 'Change your gift cards to naira',
    crypto: 'Sell Crypto',
    cryptoText: 'BTC, USDT, BNB and SOL',
  }),
  pair(pendingActionTexts, {
    heading: 'Finish your setup',
    set_pin: { title: 'Set your transaction PIN', text: 'You go need am to pay bills with your gems' },
    upload_photo: { title: 'Put your profile photo', text: 'Make we see your face for your account' },
    add_bank_details: { title: 'Add your bank details', text: 'Na there we go pay you for wetin you sell' },
  }),
  pair(servicesGridTexts, {
    heading: 'Services',
    airtime: 'Airtime',
    data: 'Data',
    bettings: 'Betting',
    tv: 'TV',
    electricity: 'Light',
    transport: 'Transport',
    earn: 'Earn',
    more: 'More',
  }),
  pair(notificationsScreenTexts, {
    header: 'Notifications',
    title: 'Notifications · Wise',
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
