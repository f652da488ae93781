/** The one-field profile forms (gender, address, date of birth). */
export const singleFieldFormTexts = {
  submit: 'Submit',
  submitting: 'Submitting...',
} as const;
