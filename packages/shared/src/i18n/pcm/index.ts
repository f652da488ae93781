import type { TextPair } from '../index';
import { corePairs } from './core';
import { accountPairs } from './account';
import { salesPairs } from './sales';
import { rewardsPairs } from './rewards';

/**
 * The Nigerian Pidgin catalogue: every translated text object, paired with its English original.
 * The web loads this module as its own chunk, only for customers who chose Pidgin.
 */
export const pidginCatalogue: readonly TextPair[] = [...corePairs, ...accountPairs, ...salesPairs, ...rewardsPairs];
