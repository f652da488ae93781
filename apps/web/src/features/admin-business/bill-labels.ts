import { BILL_NETWORK_LABELS, ELECTRICITY_PROVIDER_LABELS, TV_SERVICE_LABELS } from '@wise/shared';

const kindLabels: Record<string, string> = { airtime: 'Airtime', data: 'Data', tv: 'TV / Cable', electricity: 'Electricity' };
export const billKindLabel = (kind: string) => kindLabels[kind] ?? kind;

const serviceLabels: Record<string, string> = {
  ...BILL_NETWORK_LABELS,
  ...Object.fromEntries(Object.entries(BILL_NETWORK_LABELS).map(([id, label]) => [`${id}-data`, label])),
  ...TV_SERVICE_LABELS,
  ...Object.fromEntries(Object.entries(ELECTRICITY_PROVIDER_LABELS).map(([id, label]) => [`${id}-electric`, label])),
};
/** The provider's service id as staff read it: "mtn-data" → "MTN", "ikeja-electric" → "Ikeja Electric". */
export const billServiceLabel = (service: string) => serviceLabels[service] ?? service;

export const billStatusOptions = [
  { value: '', label: 'All statuses' },
  { value: 'processing', label: 'Processing' },
  { value: 'awaiting_pin', label: 'Awaiting PIN' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
];
export const billKindOptions = [{ value: '', label: 'All kinds' }, ...Object.entries(kindLabels).map(([value, label]) => ({ value, label }))];
