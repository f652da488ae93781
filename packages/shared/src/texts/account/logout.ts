/** The dashboard's log-out button, apart from the sign-in screens' texts so the dashboard loads only these. */
export const logoutTexts = {
  logOut: 'Log out',
  failed: 'Could not log you out. Please try again',
} as const;
