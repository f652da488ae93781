import { pair, type TextPair } from '../../index';
import { pinMessages } from '../../../plain/pin';
import { pinFormTexts, pinScreenTexts, pinSuccessTexts } from '../../../texts/account/index';

export const pinPairs: readonly TextPair[] = [
  pair(pinScreenTexts, {
    title: 'PIN for transaction',
    loading: 'E dey load',
    currentTitle: 'Put your current PIN',
    currentIntro: 'Put your four-digit PIN make you change am',
    newTitle: 'Choose new PIN',
    setTitle: 'Set PIN for transaction',
    newIntro: 'Put four digits wey you go take approve airtime, data, TV and light payments',
    confirmPageTitle: 'Confam PIN',
    confirmTitle: 'Confam PIN',
    confirmIntro: 'Put the same four digits again',
  }),
  pair(pinFormTexts, {
    currentLabel: 'PIN wey you dey use now',
    verify: 'Confam',
    verifying: 'We dey check am...',
    checkFailed: 'We no fit check your PIN. Abeg try again',
    newLabel: 'Your new PIN',
    continue: 'Go on',
    confirmLabel: 'Confam PIN',
    set: 'Set am',
    setting: 'We dey set am...',
    setFailed: 'We no fit set your PIN. Abeg try again',
  }),
  pair(pinSuccessTexts, {
    pageTitle: 'PIN don set',
    message: 'Your transaction PIN don set',
    goHome: 'Go Home',
  }),
  pair(pinMessages, {
    set: 'Your transaction PIN don set',
    changed: 'Your transaction PIN don change',
    verified: 'PIN correct',
    notSet: 'First set your transaction PIN',
    wrong: (attemptsLeft) => `PIN no correct. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} remain before we lock your PIN`,
    locked: (minutes) =>
      `You don try wrong PIN too many times. We don lock am; try again after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    currentRequired: 'Put your current PIN make you change am',
    reauthRequired: 'Abeg confam your password make you set your transaction PIN',
    passwordStepTitle: 'Confam your password',
    passwordStepText: 'Your PIN go approve changes to your payout bank account, so put your password first',
    changedEmailSubject: 'Dem don change your Wise transaction PIN',
    changedEmailText:
      'Dem just set or change the transaction PIN for your Wise account. We don sign out your other devices.\n\n' +
      'If na you, nothing to do. If no be you, reset your password and talk to support sharp sharp.',
  }),
];
