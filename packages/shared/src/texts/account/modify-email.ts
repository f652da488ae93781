/** /profile/modifyemail: the password again first. */
export const modifyEmailTexts = {
  title: 'Modify Email',
  intro: 'This is the email on your account. Enter your password to change it.',
  currentEmail: 'Current email',
} as const;
