/**
 * The money left at a provider to pay from (its float): a transfer balance or a bill-payment
 * wallet. `unknown` when the provider could not be asked (timeout, outage, unreadable answer).
 */
export type FloatBalance = { outcome: 'known'; availableKobo: number } | { outcome: 'unknown'; reason: string };
