import type { TextPair } from '../index';
import { billPairs } from './rewards/bills';
import { gemPairs } from './rewards/gems';
import { ratePairs } from './rewards/rates';

/** The rewards group: bills, Wise Gems, rewards and invites, rates, notifications. */
export const rewardsPairs: readonly TextPair[] = [...billPairs, ...gemPairs, ...ratePairs];
