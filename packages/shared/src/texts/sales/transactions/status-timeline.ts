export const statusTimelineTexts = {
  label: 'Status',
  notYet: 'Not yet',
  submitted: 'Submitted',
  under_review: 'Under review',
  paid: 'Paid',
  rejected: 'Rejected',
} as const;
