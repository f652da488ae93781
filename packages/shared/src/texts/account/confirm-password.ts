/** The password again before a sensitive change (phone, e-mail, PIN, passkeys, data rights). */
export const confirmPasswordTexts = {
  password: 'Password',
  forgot: 'Forgot Password. Reset',
  continue: 'Continue',
  verifying: 'Verifying...',
} as const;
