export const servicesGridTexts = {
  heading: 'Services',
  airtime: 'Airtime',
  data: 'Data',
  bettings: 'Bettings',
  tv: 'TV',
  electricity: 'Electricity',
  transport: 'Transport',
  earn: 'Earn',
  more: 'More',
} as const;
