// One line per feature area; the Drizzle client is typed with all of them.
export * from './auth';
export * from './account';
export * from './gems';
export * from './jobs';
export * from './crypto';
export * from './giftcards';
export * from './sales';
export * from './bills';
export * from './admin';
export * from './push';
export * from './payout-sandbox';
export * from './catalogue';
export * from './operations';
export * from './identity';
export * from './privacy';
export * from './limits';
export * from './rewards';
