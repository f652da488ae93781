import type { TextPair } from '../index';
import { authPairs } from './account/auth';

/** The account screens in Pidgin: sign-up and login, profile, verification, bank, PIN, passkeys, notifications, help. */
export const accountPairs: readonly TextPair[] = [...authPairs];
