import type { TextPair } from '../index';
import { emailPairs } from './core/emails';
import { messagePairs } from './core/messages';
import { shellPairs } from './core/shell';

/** The core group in Pidgin: shared messages, the app shell and components, and what the server writes to a customer. */
export const corePairs: readonly TextPair[] = [...messagePairs, ...shellPairs, ...emailPairs];
