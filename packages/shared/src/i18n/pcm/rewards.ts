import type { TextPair } from '../index';

export const rewardsPairs: readonly TextPair[] = [];
