/*
 * Identity verification without zod (texts, constants, the name and birth-date rule), apart so
 * the verification screens do not download zod before they are used (the JavaScript budgets,
 * docs/PERFORMANCE.md). identity.ts re-exports all of it: import from '@wise/shared'.
 */
import { tierTexts, type KycTier } from './limits';
import { canonicalName, nameTokens } from './name-match';

/** A BVN and a NIN are both 11 digits. */
export const IDENTITY_NUMBER_LENGTH = 11;
export const IDENTITY_NUMBER_KINDS = ['bvn', 'nin'] as const;
export type IdentityNumberKind = (typeof IDENTITY_NUMBER_KINDS)[number];
/** Looked-up numbers per customer per 24 hours (not counting the provider being down). */
export const IDENTITY_ATTEMPTS_PER_DAY = 5;

/**
 * What a look-up came to, as recorded for staff: `mismatch` (name or date of birth), `phone_mismatch`
 * (the number's registered phone is not the account's), `in_use` (verified on another account).
 */
export const IDENTITY_CHECK_OUTCOMES = [
  'verified',
  'mismatch',
  'phone_mismatch',
  'account_mismatch',
  'not_found',
  'unavailable',
  'in_use',
] as const;
export type IdentityCheckOutcome = (typeof IDENTITY_CHECK_OUTCOMES)[number];

/**
 * What the customer is told (docs/identity.md, "One answer"): a number that is not theirs, not
 * found, or verified on another account all answer `not_verified`, so the answer never tells
 * whether a number exists or whose it is.
 */
export const IDENTITY_CHECK_ANSWERS = ['verified', 'not_verified', 'account_mismatch', 'unavailable'] as const;
export type IdentityCheckAnswer = (typeof IDENTITY_CHECK_ANSWERS)[number];

/** The answer an outcome gives the customer. */
export function identityAnswerOf(outcome: IdentityCheckOutcome): IdentityCheckAnswer {
  if (outcome === 'verified' || outcome === 'account_mismatch' || outcome === 'unavailable') return outcome;
  return 'not_verified';
}

/** Each tier's name and how it is reached; the payout limits per tier are shown where they are set. */
export const kycTierTexts: Readonly<Record<KycTier, { name: string; how: string; allows: string }>> = {
  0: { name: `${tierTexts.names[0]} · Basic`, how: 'Your e-mail address is verified', allows: 'Sell with the starting payout limits' },
  1: { name: `${tierTexts.names[1]} · Verified`, how: 'Your BVN or NIN matches your profile', allows: 'Higher payout limits' },
  2: {
    name: `${tierTexts.names[2]} · Fully verified`,
    how: 'Your ID document and a selfie were approved',
    allows: 'The highest payout limits',
  },
};

export const identityKindLabels: Readonly<Record<IdentityNumberKind, { short: string; long: string; hint: string }>> = {
  bvn: { short: 'BVN', long: 'Bank Verification Number', hint: 'Dial *565*0# on the phone number linked to your bank account to see it' },
  nin: {
    short: 'NIN',
    long: 'National Identification Number',
    hint: 'It is on your NIN slip or national ID card, or dial *346# on your registered phone number',
  },
};

export const identityMessages = {
  numberRequired: 'Enter your 11-digit number',
  numberInvalid: 'Enter exactly 11 digits',
  kindRequired: 'Choose BVN or NIN',
  dobRequired: 'Add your date of birth first: it is compared with your ID',
  alreadyVerified: 'Your identity number is already verified',
  tooManyAttempts: 'You have tried too many times today. Please try again tomorrow',
  verified: 'Your identity is verified. You are now on Tier 1',
  notVerified:
    'We could not verify this number for your account. Check the digits, and that your name, date of birth and phone number on Wise are the ones on your BVN or NIN record',
  accountMismatch:
    'This number is in a different name from your payout bank account. Your profile, your ID and your bank account must all be in your own name',
  unavailable: 'We could not reach the verification service. Nothing was used up: please try again in a few minutes',
  resetDone: 'Your verification was reset: you are on Tier 0. Correct your name or date of birth, then verify again',
  resetNotVerified: 'There is no verified number to reset',
} as const;

/** The verification screens' own words (titles, intros, actions). */
export const identityScreenTexts = {
  statusTitle: 'Identity verification',
  statusIntro: 'Verify who you are to raise your payout limits. Each tier builds on the one before.',
  startTier1: 'Verify with BVN or NIN',
  numberTitle: 'Verify with BVN or NIN',
  numberIntro:
    'We check the number with the national registry. The name and date of birth on it must match your profile. Only its last four digits are ever shown again.',
  kindLabel: 'Verify with',
  verify: 'Verify',
  verifying: 'Verifying...',
  checkFailed: 'Could not check your number. Please try again',
  done: 'Done',
  tryAgain: 'Try again',
  backToVerification: 'Back to verification',
  triesLeft: (n: number) => (n === 1 ? '1 try left today' : `${n} tries left today`),
  verifiedNumber: (kind: string) => `${kind} verified`,
  currentTier: 'Your tier',
  youAreOn: (name: string) => `You are on ${name}.`,
  profileLink: 'Identity verification',
  profileLinkSub: 'See your tier and raise your payout limits',
  tiersLabel: 'Verification tiers',
  loading: 'Loading',
  /** Verifying again (docs/identity.md): the way to correct a verified name or date of birth. */
  resetTitle: 'Name or date of birth wrong?',
  resetIntro:
    'They are locked while your number is verified. Reset your verification with your password: you go back to Tier 0, correct them, then verify again. We will e-mail you.',
  resetPassword: 'Your password',
  resetButton: 'Reset verification',
  resetting: 'Resetting...',
  resetFailed: 'Could not reset your verification. Please try again',
  /** The number field's label and placeholder. */
  yourNumber: (kind: string) => `Your ${kind}`,
  digits: (n: number) => `${n} digits`,
} as const;

/** The customer-facing text of each answer. */
export const identityOutcomeMessages: Readonly<Record<IdentityCheckAnswer, string>> = {
  verified: identityMessages.verified,
  not_verified: identityMessages.notVerified,
  account_mismatch: identityMessages.accountMismatch,
  unavailable: identityMessages.unavailable,
};

export const identityErrorCodes = {
  alreadyVerified: 'IDENTITY_ALREADY_VERIFIED',
  dobRequired: 'IDENTITY_DOB_REQUIRED',
  /** A profile edit of the verified name or date of birth (docs/identity.md). */
  locked: 'IDENTITY_LOCKED',
  notVerified: 'IDENTITY_NOT_VERIFIED',
} as const;

/** ●●●●●●●1234: only the last four digits are ever shown again. */
export const maskIdentityNumber = (last4: string) => `${'•'.repeat(IDENTITY_NUMBER_LENGTH - 4)}${last4}`;

/** The person an identity number belongs to, as the provider holds them. */
export interface IdentityPerson {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** The phone numbers the registry holds for the number, as it writes them. */
  phones?: readonly string[];
}

/** A Nigerian phone number as digits with its country code: `08031234567`, `+234 803 123 4567` → `2348031234567`. */
export function nigerianPhoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) return `234${digits.slice(1)}`;
  if (digits.length === 10 && !digits.startsWith('0')) return `234${digits}`;
  return digits;
}

/** Whether one of the registry's phones is the account's (docs/identity.md, "The phone"). */
export function registryHasPhone(phones: readonly string[] | undefined, accountPhone: string): boolean {
  const account = nigerianPhoneDigits(accountPhone);
  return account.length >= 10 && (phones ?? []).some((phone) => nigerianPhoneDigits(phone) === account);
}

export type IdentityMatch = 'match' | 'name_mismatch' | 'dob_mismatch';

/**
 * Is this the customer? Tier 1's rule (docs/features.md, "Identity verification"):
 * - every token of the ID's first name and of its surname pairs with a different token of the
 *   profile name, in any order; tokens compare as the payout-account check compares them
 *   (plain/name-match.ts: case, accents, hyphens and titles ignored, common short forms one name);
 * - middle names on either side are not needed (many profiles leave them out, many records too);
 * - the date of birth is the same calendar day.
 */
export function matchIdentity(profile: { fullName: string; dateOfBirth: string }, person: IdentityPerson): IdentityMatch {
  const available = nameTokens(profile.fullName).map(canonicalName);
  const required = [...nameTokens(person.firstName), ...nameTokens(person.lastName)].map(canonicalName);
  if (required.length === 0) return 'name_mismatch';
  for (const token of required) {
    const at = available.indexOf(token);
    if (at < 0) return 'name_mismatch';
    available.splice(at, 1);
  }
  return profile.dateOfBirth === person.dateOfBirth ? 'match' : 'dob_mismatch';
}

/** The person's name as one string: first, middle, surname. */
export const identityFullName = (person: IdentityPerson) =>
  [person.firstName, person.middleName ?? '', person.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A provider's date of birth as YYYY-MM-DD: `1990-01-15`, `15-01-1990`, `15/01/1990` or
 * `15-Jan-1990` (the shapes Nigerian KYC services answer with); undefined for anything else.
 */
export function normaliseBirthDate(value: string): string | undefined {
  const text = value.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const build = (year: number, month: number, day: number) => {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    return `${year}-${pad(month)}-${pad(day)}`;
  };
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(text);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  if (m) return build(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})-([A-Za-z]{3})[a-z]*-(\d{4})$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf((m[2] ?? '').toLowerCase()) + 1;
    return month > 0 ? build(Number(m[3]), month, Number(m[1])) : undefined;
  }
  return undefined;
}

/* ---------- Tier 2: ID document and selfie, reviewed by staff ---------- */

/** The three pictures of a Tier 2 request, in the order the form asks for them. */
export const DOCUMENT_IMAGE_SIDES = ['front', 'back', 'selfie'] as const;
export type DocumentImageSide = (typeof DOCUMENT_IMAGE_SIDES)[number];
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];
/** The provider's opinion of the selfie against the document (staff decide). */
export const DOCUMENT_VERDICTS = ['match', 'no_match', 'unavailable'] as const;
export type DocumentVerdictKind = (typeof DOCUMENT_VERDICTS)[number];
/** The reason a reviewer gives for a refusal, read by the customer. */
export const DOCUMENT_REJECT_REASON_MAX = 300;

export const documentMessages = {
  tier1Required: 'Verify your BVN or NIN first: Tier 2 builds on Tier 1',
  alreadyTier2: 'You are already on Tier 2',
  alreadyOpen: 'Your ID is already under review. We will let you know when it is decided',
  notMultipart: 'Send the photos of your ID and your selfie together',
  frontRequired: 'Add a photo of the front of your ID',
  backRequired: 'Add a photo of the back of your ID',
  selfieRequired: 'Take a selfie',
  unknownField: 'Only the front and back of your ID and a selfie can be sent',
  imageTooLarge: 'This photo is too large. Take it again or choose a smaller one',
  imageNotImage: 'This file is not a photo. Use a JPEG, PNG or WebP picture',
  imageTooManyPixels: 'This photo is too large. Take it again at a lower resolution',
  imageUnreadable: 'We could not read this photo. Take it again',
  heicUnsupported: 'This photo format cannot be read here. Take it again or save it as JPEG',
  submitted: 'Your ID is under review. We will let you know when it is decided',
  approvedNotice: 'Your ID was approved. You are now on Tier 2 · Fully verified',
  rejectedNotice: (reason: string) => `Your ID could not be approved: ${reason} You can send new photos from Identity verification.`,
  reasonRequired: 'Write the reason the customer will read',
  reasonTooLong: `Keep the reason under ${DOCUMENT_REJECT_REASON_MAX} characters`,
  alreadyDecided: 'This request has already been decided',
  imagesDeleted: 'These images were deleted after the retention period',
} as const;

/** The field error of a missing picture. */
export const documentImageRequired: Readonly<Record<DocumentImageSide, string>> = {
  front: documentMessages.frontRequired,
  back: documentMessages.backRequired,
  selfie: documentMessages.selfieRequired,
};

/** The Tier 2 step's own words (titles, labels, states). */
export const documentScreenTexts = {
  startTier2: 'Verify with your ID and a selfie',
  title: 'Verify with your ID',
  intro:
    'Photograph the front and back of your national ID card, driver’s licence, voter’s card or international passport, then take a selfie. Staff compare your face with the photo on the ID. Only Wise staff ever see these pictures.',
  labels: { front: 'Front of your ID', back: 'Back of your ID', selfie: 'Your selfie' } as Readonly<Record<DocumentImageSide, string>>,
  take: { front: 'Photograph the front', back: 'Photograph the back', selfie: 'Take a selfie' } as Readonly<
    Record<DocumentImageSide, string>
  >,
  retake: 'Take again',
  submit: 'Send for review',
  submitting: (percent: number) => `Sending... ${percent}%`,
  submitFailed: 'Could not send your photos. Please try again',
  pendingTitle: 'Your ID is under review',
  pendingBody: 'We usually decide within one working day. We will send you a notification.',
  rejectedTitle: 'Your ID was not approved',
  rejectedReason: (reason: string) => `Reason: ${reason}`,
  tryAgain: 'Send new photos',
  tier1First: 'Verify your BVN or NIN first to reach Tier 2.',
} as const;
