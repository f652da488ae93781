/** Resolves the name on a Nigerian bank account (NUBAN) before payouts are pointed at it. */
export interface BankLookup {
  readonly name: 'sandbox' | 'paystack';
  resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }>;
}

/** `not_found`: the bank says no such account. `unavailable`: we could not ask (timeout, 5xx, bad key). */
export class BankLookupError extends Error {
  constructor(
    readonly kind: 'not_found' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BankLookupError';
  }
}
