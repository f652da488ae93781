/** /homepage/pinset and /homepage/confirmpinset. */
export const pinScreenTexts = {
  title: 'Transaction PIN',
  loading: 'Loading',
  currentTitle: 'Enter current PIN',
  currentIntro: 'Enter your four digits pin to change it',
  newTitle: 'Choose a new PIN',
  setTitle: 'Set transaction PIN',
  newIntro: 'Enter four digits you will use to approve airtime, data, TV and electricity payments',
  confirmPageTitle: 'Confirm PIN',
  confirmTitle: 'Confirm PIN',
  confirmIntro: 'Enter the same four digits again',
} as const;
