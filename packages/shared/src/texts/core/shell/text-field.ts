export const textFieldTexts = {
  emailLabel: 'Email address',
  emailPlaceholder: 'e.g. you@example.com',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
