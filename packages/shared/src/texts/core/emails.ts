/*
 * E-mails and texts the server sends a customer, in English; each language's catalogue pairs this
 * object, and the server picks the customer's with textsIn(customerEmailTexts, users.language)
 * (docs/i18n.md). Codes, links, names and amounts are the parameters, never part of a sentence.
 */
import { payoutFailedMessage } from '../../plain/payouts';

export const customerEmailTexts = {
  signupOtp: {
    subject: (code: string) => `${code} is your Wise verification code`,
    text: (code: string) =>
      `Welcome to Wise!\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nIf you did not create a Wise account, you can ignore this e-mail.`,
  },
  passwordReset: {
    subject: 'Reset your Wise password',
    text: (link: string) =>
      `We received a request to reset your Wise password.\n\nOpen this link within 30 minutes to choose a new one:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.`,
  },
  passwordChanged: {
    subject: 'Your Wise password was changed',
    text: 'Your Wise password was just changed and every other device was signed out.\n\nIf this was not you, reset your password now and contact support.',
  },
  phoneChangeSms: {
    subject: 'Wise phone number change code',
    text: (code: string, minutes: number) =>
      `Your Wise code is ${code}. Use it to confirm this number on your account. It expires in ${minutes} minutes. Never share it.`,
  },
  emailChange: {
    subject: 'Confirm your new Wise email address',
    text: (code: string, minutes: number) =>
      `Your Wise code is ${code}.\n\nEnter it in the app to make this your account's email address. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this email.`,
  },
  phoneChanged: {
    subject: 'Your Wise phone number was changed',
    text: 'The phone number on your Wise account was just changed.\n\nIf this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
  },
  emailChanged: {
    subject: 'Your Wise email address was changed',
    text: 'The email address on your Wise account was just changed.\n\nIf this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
  },
  passkeyAdded: {
    subject: 'A passkey was added to your Wise account',
    text: (device: string) =>
      `A passkey (${device}) was just added to your Wise account. It can sign in without your password.\n\nIf this was you, there is nothing to do. If it was not, remove it under Profile → Passkeys, reset your password and contact support right away.`,
  },
  passkeyRemoved: {
    subject: 'A passkey was removed from your Wise account',
    text: (device: string) =>
      `A passkey (${device}) was just removed from your Wise account and can no longer sign in.\n\nIf this was not you, reset your password and contact support right away.`,
  },
  salePaid: {
    subject: (title: string) => `Your ${title} sale has been paid`,
    reference: (reference: string) => `Payment reference: ${reference}`,
    gems: (count: number) =>
      `You earned ${count} ${count === 1 ? 'gem' : 'gems'} for this sale: collect ${count === 1 ? 'it' : 'them'} on the Rewards page.`,
    thanks: 'Thank you for selling with Wise.',
  },
  payoutFailed: {
    subject: (title: string) => `We could not pay your ${title} sale`,
    /** The notification, push and e-mail line (its English is plain/payouts.ts's, paired here for the server). */
    notice: payoutFailedMessage,
    fix: 'Open Wise, go to your bank details and enter the account you want to be paid to: the payment is sent again at once.',
  },
  payoutDelayed: {
    subject: (title: string) => `Your ${title} payout is delayed`,
    /** The notification, push and e-mail line: told once per sale. */
    notice: (title: string, amount: string) =>
      `Your payout of ${amount} for your ${title} sale is delayed on the bank's side; it will go out automatically.`,
    nothingToDo: 'You do not need to do anything: we keep sending it and you will hear from us as soon as it is paid.',
  },
  hello: (name: string) => `Hello ${name},`,
  seeTransaction: (url: string) => `See the transaction: ${url}`,
  signature: 'Wise',
} as const;
