export const transferProofFormTexts = {
  cancelled: 'Upload cancelled. Tap Submit when you are ready: it carries on with the same sale.',
  dropped:
    'The connection dropped before your sale was confirmed. Tap Submit again: it carries on with the same sale and never makes a second one.',
  label: 'Proof of transfer',
  screenshot: 'Screenshot of your transfer',
  screenshotHint: 'The confirmation screen of your wallet or exchange, at most 10 MB',
  transactionId: 'Transaction ID (optional)',
  transactionIdHint: 'The hash or ID your wallet shows for this transfer: it helps us find it faster',
  uploading: 'Uploading screenshot',
  checking: 'Checking screenshot...',
  cancelUpload: 'Cancel upload',
  submitting: 'Submitting...',
  submit: 'Submit',
} as const;
