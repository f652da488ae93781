import type { TextPair } from '../index';
import { billPairs } from './rewards/bills';

export const rewardsPairs: readonly TextPair[] = [...billPairs];
