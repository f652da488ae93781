/** The /electricity form. */

export const electricityFormTexts = {
  provider: 'Provider',
  selectProvider: 'Select provider',
  meterType: 'Meter type',
  selectMeterType: 'Select meter type',
  meterTypes: { prepaid: 'Prepaid', postpaid: 'Postpaid' },
  meterNumber: 'Meter number',
  meterPlaceholder: 'e.g. 45012345678',
  upTo: (gems: string) => `Up to ${gems}`,
} as const;
