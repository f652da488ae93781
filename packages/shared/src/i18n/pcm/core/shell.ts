import { pair, type TextPair } from '../../index';
import { listTexts } from '../../../plain/lists';
import { languageTexts } from '../../../texts/core/language';
import {
  bottomNavTexts,
  comingSoonTexts,
  copyButtonTexts,
  fetchErrorTexts,
  headerTexts,
  imagePickerTexts,
  landingTexts,
  routeProgressTexts,
  splashTexts,
  textFieldTexts,
} from '../../../texts/core/shell';

/** The app shell, shared components, the landing and the language chooser in Pidgin. */
export const shellPairs: readonly TextPair[] = [
  pair(bottomNavTexts, { label: 'Main', home: 'Home', wallet: 'Wallet', earn: 'Earn', support: 'Help', profile: 'Profile' }),
  pair(headerTexts, { back: 'Go back' }),
  pair(routeProgressTexts, { loading: 'E dey load' }),
  pair(comingSoonTexts, { badge: 'E DEY COME SOON', backHome: 'Go back Home' }),
  pair(copyButtonTexts, { copy: 'Copy', copied: 'E don copy' }),
  pair(imagePickerTexts, { preparing: 'We dey prepare the picture', addPhotos: 'Add pictures', addMore: 'Add more' }),
  pair(textFieldTexts, {
    emailLabel: 'Email address',
    emailPlaceholder: 'e.g. you@example.com',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  }),
  pair(fetchErrorTexts, { retry: 'Try again', retrying: 'E dey try again...' }),
  pair(landingTexts, {
    documentTitle: 'Wise · Sell gift cards and crypto',
    cryptoTitle: 'Easy way to put money for crypto',
    cryptoText: 'Trade all your crypto quick-quick, no wahala',
    cardsTitle: 'Gift card trading wey easy and safe',
    cardsText: 'Just dey trade your gift cards, enjoy',
    slides: 'Choose slide',
    slide: (index, count) => `Slide ${index} of ${count}`,
    dashboard: 'Go my dashboard',
    createAccount: 'Open account',
    login: 'I get account. Login',
  }),
  pair(splashTexts, { tagline: 'Gift cards · Crypto · Wise Gems' }),
  pair(listTexts, { loadMore: 'Load more', loadingMore: 'E dey load more…', retry: 'Try again' }),
  pair(languageTexts, {
    row: 'Language',
    sheetTitle: 'Choose your language',
    sheetIntro: 'The app, your e-mails and notifications go dey use am.',
    invalid: 'Choose one language from the list',
    updated: 'Language don change',
    failed: 'We no fit change your language. Abeg try again',
  }),
];
