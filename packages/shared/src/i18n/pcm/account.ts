import type { TextPair } from '../index';

export const accountPairs: readonly TextPair[] = [];
