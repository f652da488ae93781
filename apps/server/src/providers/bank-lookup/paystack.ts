import { z } from 'zod';
import { BankLookupError, type BankLookup, type LookupAsker } from './types';
import { providerFetch } from '#server/lib/metrics';

const TIMEOUT_MS = 10_000;

const resolveResponse = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.object({ account_number: z.string(), account_name: z.string().min(1) }).nullish(),
});

/**
 * Paystack's "Resolve Account Number" endpoint:
 * GET {base}/bank/resolve?account_number=…&bank_code=… with `Authorization: Bearer <secret key>`,
 * answering `{ status, message, data: { account_number, account_name, bank_id } }`.
 * A 400/404/422 means the bank has no such account; anything else means we couldn't ask.
 */
export class PaystackBankLookup implements BankLookup {
  readonly name = 'paystack' as const;
  constructor(
    private readonly secretKey: string,
    private readonly baseUrl: string,
  ) {}

  /** The asker is not sent: the bank answers with the account's own name. */
  async resolveAccount(bankCode: string, accountNumber: string, _asker?: LookupAsker): Promise<{ accountName: string }> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/bank/resolve`);
    url.searchParams.set('account_number', accountNumber);
    url.searchParams.set('bank_code', bankCode);
    let response: Response;
    try {
      response = await providerFetch('paystack_resolve', url, {
        headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw new BankLookupError('unavailable', 'bank lookup request failed', { cause });
    }
    if ([400, 404, 422].includes(response.status)) {
      throw new BankLookupError('not_found', `bank lookup answered ${response.status}`);
    }
    if (!response.ok) throw new BankLookupError('unavailable', `bank lookup answered ${response.status}`);
    let body: z.infer<typeof resolveResponse>;
    try {
      body = resolveResponse.parse(await response.json());
    } catch (cause) {
      throw new BankLookupError('unavailable', 'bank lookup answered an unexpected body', { cause });
    }
    if (!body.status || !body.data) throw new BankLookupError('not_found', body.message ?? 'not resolved');
    if (body.data.account_number !== accountNumber) {
      throw new BankLookupError('unavailable', 'bank lookup answered for another account');
    }
    return { accountName: body.data.account_name.trim() };
  }
}
