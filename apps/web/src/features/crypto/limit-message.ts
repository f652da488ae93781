// Its own chunk: a payout-limit refusal in another language is written again only when one happens.
export { payoutLimitMessageIn } from '@wise/shared';
