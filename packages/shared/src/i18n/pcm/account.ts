import type { TextPair } from '../index';
import { authPairs } from './account/auth';
import { bankPairs } from './account/bank';
import { helpPairs } from './account/help';
import { pinPairs } from './account/pin';
import { identityPairs } from './account/identity';
import { passkeyPairs } from './account/passkeys';
import { profilePairs } from './account/profile';

/** The account screens in Pidgin: sign-up and login, profile, verification, bank, PIN, passkeys, notifications, help. */
export const accountPairs: readonly TextPair[] = [
  ...authPairs,
  ...profilePairs,
  ...identityPairs,
  ...passkeyPairs,
  ...bankPairs,
  ...pinPairs,
  ...helpPairs,
];
