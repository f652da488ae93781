/** The language row on /profile and its chooser (docs/i18n.md). The languages' own names are `languageNames`. */
export const languageTexts = {
  row: 'Language',
  sheetTitle: 'Choose your language',
  sheetIntro: 'The app, your e-mails and notifications will use it.',
  invalid: 'Choose a language from the list',
  updated: 'Language changed',
  failed: 'Could not change your language. Please try again',
} as const;
