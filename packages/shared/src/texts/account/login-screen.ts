/** /login. */
export const loginScreenTexts = {
  pageTitle: 'Login',
  title: 'Welcome back',
  intro: 'Login to continue',
  newToWise: 'New to Wise?',
  createAccount: 'Create an account',
} as const;
