/** /login/password, above its form. */
export const loginPasswordScreenTexts = {
  pageTitle: 'Login',
  title: 'Welcome back',
  intro: 'Login to continue',
  change: 'Change',
} as const;
