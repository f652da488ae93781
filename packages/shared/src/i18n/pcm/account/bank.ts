import { pair, type TextPair } from '../../index';
import { bankMessages } from '../../../plain/bank';
import { accountSuccessTexts, bankConfirmTexts, updateBankTexts, walletTexts } from '../../../texts/account/index';

export const bankPairs: readonly TextPair[] = [
  pair(walletTexts, {
    title: 'Wallet',
    intro: 'Na here we dey pay you for your gift card and crypto sales',
    emptyTitle: 'Bank details never dey',
    emptyText: 'Add the account wey we go pay you enter when dem approve your sales.',
    bankDetails: 'Your bank details',
    bankName: 'Name of your bank',
    bankAccount: 'Your bank account',
    accountName: 'Name for the account',
    setPin: 'Set your PIN',
    changePin: 'Change your PIN',
    update: 'Change Bank Details',
  }),
  pair(updateBankTexts, {
    title: 'Change Bank Details',
    intro: 'Na this account we go pay your sales enter. The name must be your own.',
    loading: 'E dey load',
    bankName: 'Name of your bank',
    bankPlaceholder: 'Choose your bank',
    accountNumber: 'Account number (10 digits)',
    accountPlaceholder: '10 digits, like 0123456789',
    pin: 'PIN for transaction',
    password: 'Your password wey you dey use',
    passwordHint: 'You never set transaction PIN, so your password go show say na you dey add this account.',
    submit: 'Send am',
    submitting: 'E dey go...',
    failed: 'We no fit change your bank details. Abeg try again',
    checkingName: 'We dey check the account name...',
    lookupFailed: 'We no fit confam this account',
  }),
  pair(accountSuccessTexts, {
    pageTitle: 'Your bank details',
    goHome: 'Go Home',
  }),
  pair(bankConfirmTexts, {
    loading: 'Bank details dey load',
    addFirst: 'First add your bank details',
    add: 'Put bank details',
    bankDetails: 'Your bank details',
    payInto: 'We go pay enter',
    bankName: 'Name of your bank',
    accountNumber: 'Account number (10 digits)',
    accountName: 'Name for the account',
    change: 'Change your bank details',
    continue: 'Go on',
  }),
  pair(bankMessages, {
    updated: 'Your bank details don change',
    unknownBank: 'Choose bank from the list',
    pinRequired: 'Put your transaction PIN make you change your bank details',
    pinNotSet: 'Set PIN for transaction before you change your bank details',
    passwordRequired: 'Put your password make you add your payout account',
    unresolved: 'We no fit find account with this number for the bank wey you choose. Check the details and try again',
    lookupUnavailable: 'We no fit confam the account now. Abeg try again small time',
    nameMismatch: 'The name for this account no match the name for your profile. Payouts fit only go account wey dey your own name',
    changedEmailSubject: 'Dem don change your Wise payout bank account',
    changedEmailText: (bankName, maskedAccount) =>
      `Dem just change the bank account wey your Wise payouts dey enter to ${bankName} ${maskedAccount}. We don sign out your other devices.\n\n` +
      'If na you, nothing to do. If no be you, reset your password and talk to support sharp sharp.',
  }),
];
