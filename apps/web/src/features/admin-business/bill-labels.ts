import { billServiceName } from '@wise/shared';

const kindLabels: Record<string, string> = { airtime: 'Airtime', data: 'Data', tv: 'TV / Cable', electricity: 'Electricity' };
export const billKindLabel = (kind: string) => kindLabels[kind] ?? kind;

/** The provider's service id as staff read it: "mtn-data" → "MTN", "ikeja-electric" → "Ikeja Electric". */
export const billServiceLabel = billServiceName;

export const billStatusOptions = [
  { value: '', label: 'All statuses' },
  { value: 'processing', label: 'Processing' },
  { value: 'awaiting_pin', label: 'Awaiting PIN' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
];
export const billKindOptions = [
  { value: '', label: 'All kinds' },
  ...Object.entries(kindLabels).map(([value, label]) => ({ value, label })),
];
