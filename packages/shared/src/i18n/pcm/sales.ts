import type { TextPair } from '../index';

export const salesPairs: readonly TextPair[] = [];
