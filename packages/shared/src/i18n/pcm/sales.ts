import type { TextPair } from '../index';
import { dashboardPairs } from './sales/dashboard';
import { transactionPairs } from './sales/transactions';

export const salesPairs: readonly TextPair[] = [...dashboardPairs, ...transactionPairs];
