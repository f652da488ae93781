/** Login step 2: the password. */
export const loginPasswordTexts = {
  password: 'Password',
  forgot: 'Forgot Password. Reset',
  login: 'Login',
  loggingIn: 'Logging in...',
  failed: 'Could not log you in. Please try again',
} as const;
