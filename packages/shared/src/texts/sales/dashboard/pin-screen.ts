/** The PIN screens under /homepage, one object per screen (their messages are pinMessages). */
export const pinSetScreenTexts = {
  header: 'Transaction PIN',
  title: 'Transaction PIN · Wise',
  loading: 'Loading',
  currentTitle: 'Enter current PIN',
  currentText: 'Enter your four digits pin to change it',
  newTitle: 'Choose a new PIN',
  setTitle: 'Set transaction PIN',
  newText: 'Enter four digits you will use to approve airtime, data, TV and electricity payments',
} as const;
