export const pinSuccessTexts = {
  title: 'PIN set',
  message: 'Your transaction PIN is set',
  action: 'Go to Home',
} as const;
