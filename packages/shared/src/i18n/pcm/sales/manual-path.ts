import { pair, type TextPair } from '../../index';
import { manualPathMessages } from '../../../plain/manual-path';

export const manualPathPairs: readonly TextPair[] = [
  pair(manualPathMessages, {
    manualPathOff:
      'Sale wey use screenshot don stop. Go back, send your coins enter your own deposit address: we go pay once the network confam am',
    transactionIsDeposit:
      'This transaction go one deposit address, e no go our shared address. E go pay by itself to the account wey get that address, so you no fit sell am here',
  }),
];
