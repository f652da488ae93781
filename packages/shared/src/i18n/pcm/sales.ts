import type { TextPair } from '../index';
import { cryptoPairs } from './sales/crypto';
import { dashboardPairs } from './sales/dashboard';
import { giftCardPairs } from './sales/giftcards';
import { manualPathPairs } from './sales/manual-path';
import { noticePairs } from './sales/notices';
import { depositNoticePairs } from './sales/deposit-notices';
import { transactionPairs } from './sales/transactions';

export const salesPairs: readonly TextPair[] = [
  ...dashboardPairs,
  ...giftCardPairs,
  ...cryptoPairs,
  ...transactionPairs,
  ...noticePairs,
  ...depositNoticePairs,
  ...manualPathPairs,
];
