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
  ratesLinkTexts,
  relativeTimeTexts,
  routeProgressTexts,
  splashTexts,
  textFieldTexts,
} from '../../../texts/core/shell';

/** The app shell, shared components, the landing and the language chooser in Pidgin. */
export const shellPairs: readonly TextPair[] = [
  pair(bottomNavTexts, { label: 'Main menu', home: 'Home', wallet: 'Wallet', earn: 'Make gems', support: 'Help', profile: 'Profile' }),
  pair(headerTexts, { back: 'Go back' }),
  pair(relativeTimeTexts, {
    justNow: 'now now',
    minutes: (minutes) => `${minutes} min don pass`,
    hours: (hours) => `${hours} h don pass`,
    days: (days) => `${days} d don pass`,
  }),
  pair(ratesLinkTexts, { link: 'See the rates for today' }),
  pair(routeProgressTexts, { loading: 'E dey load' }),
  pair(comingSoonTexts, { badge: 'E DEY COME SOON', backHome: 'Go back Home' }),
  pair(copyButtonTexts, { copy: 'Copy am', copied: 'E don copy' }),
  pair(imagePickerTexts, { preparing: 'We dey prepare the picture', addPhotos: 'Add pictures', addMore: 'Add another one' }),
  pair(textFieldTexts, {
    emailLabel: 'Your email address',
    emailPlaceholder: 'like you@example.com',
    showPassword: 'Make I see the password',
    hidePassword: 'Cover the password',
  }),
  pair(fetchErrorTexts, { retry: 'Try am again', retrying: 'E dey try again...' }),
  pair(landingTexts, {
    documentTitle: 'Wise · Sell your gift cards and crypto',
    cryptoTitle: 'Easy way to put money for crypto',
    cryptoText: 'Trade all your crypto quick-quick, no wahala',
    cardsTitle: 'Gift card trading wey easy and safe',
    cardsText: 'Just dey trade your gift cards, enjoy',
    slides: 'Choose slide',
    slide: (index, count) => `Page ${index} out of ${count}`,
    dashboard: 'Go my dashboard',
    createAccount: 'Open account',
    login: 'I get account. Login',
  }),
  pair(splashTexts, { tagline: 'Gift cards · Crypto · Wise Gems' }),
  pair(listTexts, { loadMore: 'Bring more', loadingMore: 'E dey load more…', retry: 'Try am again' }),
  pair(languageTexts, {
    row: 'Language wey you dey use',
    sheetTitle: 'Choose the language wey you want',
    sheetIntro: 'The app, your e-mails and notifications go dey use am.',
    invalid: 'Choose one language from the list',
    updated: 'Language don change',
    failed: 'We no fit change your language. Abeg try again',
  }),
];
