import { describe, expect, it } from 'vitest';
import { payoutFailedMessage, payoutFailureCodeOf, payoutFailureTexts, PAYOUT_FAILURE_CODES } from '../src/index';

describe("a failed payout in the customer's words", () => {
  it("maps the provider's and the sandbox's reasons", () => {
    expect(payoutFailureCodeOf('Sandbox: the bank declined the transfer (account ending 1111)')).toBe('bank_declined');
    expect(payoutFailureCodeOf('The bank did not complete the transfer: Account is dormant')).toBe('account_invalid');
    expect(payoutFailureCodeOf('The provider refused the bank account: Could not resolve account name')).toBe('account_invalid');
    expect(payoutFailureCodeOf('The bank did not complete the transfer (Paystack: failed)')).toBe('bank_declined');
    expect(payoutFailureCodeOf('Beneficiary name does not match')).toBe('name_mismatch');
    expect(payoutFailureCodeOf('The transfer was reversed by the bank')).toBe('reversed');
    expect(payoutFailureCodeOf('anything', true)).toBe('reversed');
    expect(payoutFailureCodeOf('Your balance is not enough to fulfil this request')).toBe('other');
    expect(payoutFailureCodeOf(null)).toBe('other');
  });

  it('has a sentence for every code, and the notification reads whole', () => {
    for (const code of PAYOUT_FAILURE_CODES) expect(payoutFailureTexts.reasons[code]).toMatch(/^[A-Z].*\.$/);
    expect(payoutFailedMessage('Amazon', '₦59,000.00', payoutFailureTexts.reasons.bank_declined)).toBe(
      'We could not pay your Amazon sale of ₦59,000.00: Your bank declined the payment. Update your bank details and we will pay you again.',
    );
  });
});
