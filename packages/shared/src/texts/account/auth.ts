/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */

/** /login and /login/password. */
export const loginScreenTexts = {
  pageTitle: 'Login',
  title: 'Welcome back',
  intro: 'Login to continue',
  newToWise: 'New to Wise?',
  createAccount: 'Create an account',
  change: 'Change',
} as const;

/** Login step 1: e-mail or phone. */
export const loginIdentifierTexts = {
  usePhone: 'Use phone number',
  useEmail: 'Use email address',
  phoneLabel: 'Phone number',
  continue: 'Continue',
} as const;

/** Login step 2: the password. */
export const loginPasswordTexts = {
  password: 'Password',
  forgot: 'Forgot Password. Reset',
  login: 'Login',
  loggingIn: 'Logging in...',
  failed: 'Could not log you in. Please try again',
} as const;

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

/** /createaccount/otp, its form and the resend line. */
export const signUpOtpTexts = {
  pageTitle: 'Enter OTP',
  title: 'Enter OTP',
  intro: 'Enter the four digits sent to your email',
  whichEmail: 'Which email address did you sign up with?',
  continue: 'Continue',
  codeLabel: 'One-time code',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not verify the code. Please try again',
} as const;

export const resendCodeTexts = {
  didntGet: "Didn't get the code?",
  resend: 'Resend code',
  sending: 'Sending...',
  /** Before the countdown, e.g. " in 0:42". */
  in: (clock: string) => ` in ${clock}`,
  failed: 'Could not send a new code. Please try again',
} as const;

export const signUpSuccessTexts = {
  pageTitle: 'Verified',
  message: 'Verified successfully',
  text: 'Your account is ready. Log in to start trading.',
  continue: 'Continue',
} as const;

/** /passwordreset and the screens after it. */
export const passwordResetTexts = {
  pageTitle: 'Reset Password',
  title: 'Enter your Email to Reset your Password',
  intro: 'We will send a link to choose a new password.',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not send the reset link. Please try again',
} as const;

export const passwordResetEmailTexts = {
  pageTitle: 'Check your email',
  title: 'Check your email',
  text: 'If an account uses that address, we have sent it a link to reset your password. The link works once and expires in 30 minutes.',
  openMail: 'Open email app',
  backToLogin: 'Return to login',
} as const;

export const newPasswordTexts = {
  pageTitle: 'Reset Password',
  title: 'Reset Password',
  intro: 'Choose a new password of at least 8 characters.',
  newPassword: 'New password',
  newPasswordPlaceholder: 'At least 8 characters',
  confirmPassword: 'Confirm password',
  confirmPlaceholder: 'Enter it again',
  submit: 'Reset Password',
  submitting: 'Resetting Password',
  failed: 'Could not reset your password. Please try again',
  newLink: 'Request a new link',
} as const;

export const passwordResetSuccessTexts = {
  pageTitle: 'Password reset',
  message: 'Password reset',
  login: 'Login',
} as const;

export const logoutTexts = {
  logOut: 'Log out',
  failed: 'Could not log you out. Please try again',
} as const;
