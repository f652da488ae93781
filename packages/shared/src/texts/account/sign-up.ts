/** /createaccount and its form. */
export const signUpTexts = {
  pageTitle: 'Get Started',
  title: 'Complete your profile',
  haveAccount: 'I have an account. Login',
  fullName: 'Full name',
  fullNamePlaceholder: 'e.g. Ada Obi',
  username: 'Username',
  usernamePlaceholder: 'e.g. adaobi',
  phone: 'Phone number',
  password: 'Password',
  passwordPlaceholder: 'At least 8 characters',
  create: 'Create',
  creating: 'Creating...',
  failed: 'Could not create your account. Please try again',
} as const;
