import { pair, type TextPair } from '../../index';
import { notificationTexts } from '../../../plain/notifications';
import { customerEmailTexts } from '../../../texts/core/emails';

const notYou = 'If no be you, contact support sharp-sharp.';
const unexpected = 'If na you, nothing to do. If no be you, reset your password and contact support sharp-sharp.';

/** What the server writes to a customer who reads Pidgin: e-mails, SMS and in-app notifications. */
export const emailPairs: readonly TextPair[] = [
  pair(customerEmailTexts, {
    signupOtp: {
      subject: (code) => `${code} na your Wise verification code`,
      text: (code) =>
        `Welcome to Wise!\n\nYour verification code na ${code}. E go expire in 10 minutes.\n\nIf you no open Wise account, you fit ignore this e-mail.`,
    },
    passwordReset: {
      subject: 'Change your Wise password (reset)',
      text: (link) =>
        `Person ask make we reset your Wise password.\n\nOpen this link before 30 minutes pass make you choose new one:\n${link}\n\nIf no be you ask, ignore this e-mail: your password no go change.`,
    },
    passwordChanged: {
      subject: 'Your Wise password don change',
      text: 'Your Wise password don change now now, and we don log out all your other devices.\n\nIf no be you, reset your password now and contact support.',
    },
    phoneChangeSms: {
      subject: 'Wise code to change phone number',
      text: (code, minutes) =>
        `Your Wise code na ${code}. Use am confirm this number for your account. E go expire in ${minutes} minutes. No give anybody.`,
    },
    emailChange: {
      subject: 'Confam your new Wise email address',
      text: (code, minutes) =>
        `Your Wise code na ${code}.\n\nEnter am for the app make this one be your account email address. E go expire in ${minutes} minutes.\n\nIf no be you ask for am, ignore this email.`,
    },
    phoneChanged: {
      subject: 'Your Wise phone number don change',
      text: `The phone number for your Wise account don change now now.\n\n${unexpected}`,
    },
    emailChanged: {
      subject: 'Your Wise email address don change',
      text: `The email address for your Wise account don change now now.\n\n${unexpected}`,
    },
    passkeyAdded: {
      subject: 'Passkey don enter your Wise account',
      text: (device) =>
        `Passkey (${device}) just enter your Wise account. E fit sign in without your password.\n\nIf na you, nothing to do. If no be you, remove am for Profile → Passkeys, reset your password and contact support sharp-sharp.`,
    },
    passkeyRemoved: {
      subject: 'Passkey don comot from your Wise account',
      text: (device) =>
        `Passkey (${device}) just comot from your Wise account and e no fit sign in again.\n\nIf no be you, reset your password and contact support sharp-sharp.`,
    },
    salePaid: {
      subject: (title) => `We don pay you for your ${title} sale`,
      reference: (reference) => `Reference for the payment: ${reference}`,
      gems: (count) =>
        `You don get ${count} ${count === 1 ? 'gem' : 'gems'} for this sale: collect ${count === 1 ? 'am' : 'dem'} for Rewards page.`,
      thanks: 'Thank you say you sell with Wise.',
    },
    payoutFailed: {
      subject: (title) => `We no fit pay you for your ${title} sale`,
      notice: (title, amount, reason) =>
        `We no fit pay you for your ${title} sale of ${amount}: ${reason} Update your bank details and we go pay you again.`,
      fix: 'Open Wise, go your bank details and put the account wey you want make we pay enter: we go send the money again sharp-sharp.',
    },
    payoutDelayed: {
      subject: (title) => `Your ${title} payout don delay`,
      notice: (title, amount) => `Your payout of ${amount} for your ${title} sale don delay for the bank side; e go comot by itself.`,
      nothingToDo: 'You no need do anything: we go dey send am and we go tell you as dem pay am.',
    },
    hello: (name) => `How far ${name},`,
    seeTransaction: (url) => `See di transaction: ${url}`,
    signature: 'Wise',
  }),
  pair(notificationTexts, {
    pinSet: 'your transaction PIN don set.',
    pinChanged: `your transaction PIN don change. ${notYou}`,
    bankDetailsChanged: (bankName, maskedAccount) => `your payout bank details don change to ${bankName} ${maskedAccount}. ${notYou}`,
    bankDetailsAdded: (bankName, maskedAccount) => `your payout bank details don enter: ${bankName} ${maskedAccount}.`,
    passwordChanged: `your password don change. ${notYou}`,
    phoneChanged: (maskedPhone) => `your phone number don change to ${maskedPhone}. ${notYou}`,
    emailChanged: (email) => `your email address don change to ${email}. ${notYou}`,
    passkeyAdded: (device) => `passkey don enter your account (${device}). ${notYou}`,
    passkeyRemoved: (device) => `passkey don comot from your account (${device}). ${notYou}`,
    pinResetBySupport:
      'Wise support don reset your transaction PIN. Set new PIN before your next transaction. If no be you ask for am, contact support sharp-sharp.',
  }),
];
