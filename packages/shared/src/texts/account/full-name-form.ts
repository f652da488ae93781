/** The profile modify screens and their forms (docs/product.md §5). */
export const fullNameFormTexts = {
  title: 'Modify Full Name',
  intro: 'Enter your name as it appears on your bank account',
  firstName: 'First name',
  middleName: 'Middle name (optional)',
  surname: 'Surname',
  /** A rename needs the password, and is e-mailed (docs/identity.md). */
  password: 'Your password',
  passwordHint: 'We will e-mail you that your name changed.',
  failed: 'Could not update your name. Please try again',
  submit: 'Submit',
  submitting: 'Submitting...',
} as const;
