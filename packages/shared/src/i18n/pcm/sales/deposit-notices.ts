import { pair, type TextPair } from '../../index';
import { depositMessages, depositNoticeTexts } from '../../../plain/deposit-notices';

/** A deposit seen on chain: what the server writes a customer who reads Pidgin. */
export const depositNoticePairs: readonly TextPair[] = [
  pair(depositNoticeTexts, {
    receivedTitle: 'Crypto don land',
    received: (amount, symbol, network) => `We don see your ${amount} ${symbol} for ${network}. We go pay you once the network confirm am.`,
    receivedSubject: (symbol) => `We don see your ${symbol} wey you send`,
    receivedHeld: (amount, symbol, minimum) =>
      `We don see your ${amount} ${symbol}, e small pass the minimum of ${minimum} ${symbol}. We keep am for you: contact support for the app.`,
    receivedReview: (amount, symbol) => `We don see your ${amount} ${symbol}. Person for our team go check am before we pay you.`,
    closedTitle: 'We no buy the crypto',
    closedSubject: (symbol) => `We no fit buy the ${symbol} wey you send`,
    closed: (amount, symbol, note) =>
      `We no fit buy your ${amount} ${symbol}. Our team talk say: ${note} Contact support for the app if you get question.`,
  }),
  pair(depositMessages, {
    unavailable: 'You no fit pay enter address wey be your own for this network yet. Send am to our wallet address and upload screenshot.',
    notFound: 'We no see this deposit.',
  }),
];
