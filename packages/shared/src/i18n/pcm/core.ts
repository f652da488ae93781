import type { TextPair } from '../index';

export const corePairs: readonly TextPair[] = [];
