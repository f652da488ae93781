/*
 * The customer's data rights under Nigeria's Data Protection Act 2023 (docs/features.md, "Your data (NDPA 2023)"):
 * "Download my data" and "Delete my account". Zod-free, so the screens load no zod for them.
 */

/** How long an e-mailed download link works (once). */
export const DATA_EXPORT_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** At most one export request per this long. */
export const DATA_EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const DATA_EXPORT_STATES = ['none', 'building', 'ready'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const privacyErrorCodes = {
  exportInProgress: 'EXPORT_IN_PROGRESS',
  exportTooSoon: 'EXPORT_TOO_SOON',
  exportLinkInvalid: 'EXPORT_LINK_INVALID',
  closeBlocked: 'ACCOUNT_CLOSE_BLOCKED',
  confirmRequired: 'CONFIRM_REQUIRED',
} as const;

export const privacyMessages = {
  exportTitle: 'Download my data',
  exportIntro:
    'We will put everything we hold about you into one file: your profile, sign-ins, sales, payouts, bill payments, Wise Gems, notifications, bank details and verification level. When it is ready we will email you a link that works once, for 48 hours, while you are logged in.',
  exportPasswordHint: 'Enter your password to ask for your data',
  exportButton: 'Email me my data',
  exportRequested: 'We are preparing your data. We will email you a link when it is ready',
  exportInProgress: 'We are still preparing your last request. We will email you when it is ready',
  exportTooSoon: 'You can ask for your data once a day. Please try again tomorrow',
  exportReady: 'Your data is ready. Check your email for the download link',
  downloadTitle: 'Your data',
  downloadIntro: 'This link works once. The file is in JSON, a format most apps can open.',
  downloadButton: 'Download my data',
  downloadDone: 'Your data has been downloaded. The link no longer works',
  exportLinkInvalid: 'This link has expired or has already been used. Ask for your data again from your profile',
  closeTitle: 'Delete my account',
  closeErased:
    'Erased: your name, username, email address, phone number, address, date of birth, gender and profile photo, the photos you uploaded with sales, your sign-ins and devices, your notifications, your PIN and your saved bank details.',
  closeKept:
    'Kept, as the law and our records require: the amounts, references and dates of your sales, payouts (with the account each was paid to) and bill payments, your Wise Gems history, and the record of your BVN or NIN check (its last four digits, with the number sealed), which identity rules require us to keep. They are no longer linked to your name, email or phone.',
  closeGems: (gems: number) =>
    gems > 0 ? `Your ${gems.toLocaleString('en-NG')} Wise Gems will be forfeited.` : 'You have no Wise Gems to forfeit.',
  closeFinal: 'This cannot be undone. You can sign up again later with the same email address and phone number.',
  closeContinue: 'Continue',
  closeConfirmLabel: 'I understand that my account will be deleted for good',
  closeConfirmRequired: 'Tick the box to confirm',
  closePasswordHint: 'Enter your password and your transaction PIN to delete your account',
  closeButton: 'Delete my account',
  closeBlockedSale: 'You have a sale that is still being reviewed or paid. You can delete your account once it is settled',
  closeBlockedPayout: 'You have a payout that is still on its way. You can delete your account once it is settled',
  closeBlockedIdReview: 'Your ID documents are still being reviewed. You can delete your account once we have decided',
  closeBlockedBill: 'You have a bill payment that is still being processed. You can delete your account once it is settled',
  closed: 'Your account has been deleted',
  reauthRequiredExport: 'Please confirm your password again to download your data',
  reauthRequiredClose: 'Please confirm your password again to delete your account',
} as const;

/** The e-mail with the one-time link (the link itself is made by the server). */
export const dataExportEmail = {
  subject: 'Your Wise data is ready',
  text: (link: string) =>
    `The copy of your data you asked for is ready.\n\nOpen this link in the Wise app while you are logged in to download it. It works once, within 48 hours:\n${link}\n\nIf you did not ask for this, change your password and contact support.`,
} as const;

export const accountClosedEmail = {
  subject: 'Your Wise account has been deleted',
  text: 'Your Wise account has been deleted and your personal details erased, as you asked.\n\nIf this was not you, contact support right away.',
} as const;
