/** Resolves the name on a Nigerian bank account (NUBAN) before payouts are pointed at it. */
export interface BankLookup {
  readonly name: 'sandbox' | 'paystack';
  /**
   * `asker` is the customer asking: only the offline sandbox uses it (its accounts belong to whoever
   * asks, so the app's name check can be tried); a real bank answers with the account's own name.
   */
  resolveAccount(bankCode: string, accountNumber: string, asker: LookupAsker): Promise<{ accountName: string }>;
}

export interface LookupAsker {
  /** The customer's profile name. */
  fullName: string;
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
