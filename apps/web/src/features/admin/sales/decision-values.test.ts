import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@wise/shared/admin';
import { AMOUNT_INVALID, checkApprove, checkReject, koboToNairaInput, nairaToKobo, REASON_REQUIRED } from './decision-values';

describe('nairaToKobo / koboToNairaInput', () => {
  it('reads naira as staff type it, exactly, without floating point', () => {
    expect(nairaToKobo('45000')).toBe(4_500_000);
    expect(nairaToKobo('45,000.5')).toBe(4_500_050);
    expect(nairaToKobo(' ₦1,234.56 ')).toBe(123_456);
    expect(nairaToKobo('0.29')).toBe(29);
  });

  it('refuses anything that is not a positive amount with at most 2 decimals', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', 'abc', '1e5', '12.']) expect(nairaToKobo(text)).toBeNull();
  });

  it('writes the quote back as the field starts', () => {
    expect(koboToNairaInput(4_500_050)).toBe('45000.50');
    expect(koboToNairaInput(7)).toBe('0.07');
    expect(nairaToKobo(koboToNairaInput(123_456_789))).toBe(123_456_789);
  });
});

describe('checkApprove', () => {
  const valueKobo = 4_500_000;
  const limitKobo = 50_000_000;

  it('leaves the amount out when it is the quote (the server defaults to it); the note is optional', () => {
    expect(checkApprove({ amount: '45000.00', note: '' }, valueKobo, limitKobo)).toEqual({
      ok: true,
      body: {},
      amountKobo: valueKobo,
      differs: false,
      needsSecondApproval: false,
    });
    const withNote = checkApprove({ amount: '45,000', note: '  checked twice ' }, valueKobo, limitKobo);
    expect(withNote).toEqual({
      ok: true,
      body: { note: 'checked twice' },
      amountKobo: valueKobo,
      differs: false,
      needsSecondApproval: false,
    });
  });

  it('needs a reason from the list when the amount is lower, and a note for "other"', () => {
    expect(checkApprove({ amount: '40000', reason: '', note: 'x' }, valueKobo)).toEqual({
      ok: false,
      errors: { reason: reviewMessages.reasonRequired },
    });
    expect(checkApprove({ amount: '40000', reason: 'other', note: '   ' }, valueKobo)).toEqual({
      ok: false,
      errors: { note: reviewMessages.noteRequired },
    });
  });

  it('sends a lower amount with its reason (and an optional note), paid at once', () => {
    expect(checkApprove({ amount: '40000', reason: 'partially_used', note: '' }, valueKobo, limitKobo)).toEqual({
      ok: true,
      body: { payout_amount_kobo: 4_000_000, reason: 'partially_used' },
      amountKobo: 4_000_000,
      differs: true,
      needsSecondApproval: false,
    });
  });

  it('sends more than the quote as "other" with a note, for a second approver; over the limit too', () => {
    expect(checkApprove({ amount: '46000', reason: 'partially_used', note: '' }, valueKobo)).toEqual({
      ok: false,
      errors: { note: reviewMessages.aboveQuoteNote },
    });
    expect(checkApprove({ amount: '46000', note: 'Balance was $51' }, valueKobo, limitKobo)).toEqual({
      ok: true,
      body: { payout_amount_kobo: 4_600_000, reason: 'other', note: 'Balance was $51' },
      amountKobo: 4_600_000,
      differs: true,
      needsSecondApproval: true,
    });
    expect(checkApprove({ amount: '45000', note: '' }, valueKobo, 4_000_000)).toMatchObject({ ok: true, needsSecondApproval: true });
  });

  it('refuses an unreadable amount, and a note the API would refuse', () => {
    expect(checkApprove({ amount: '40k', note: 'x' }, valueKobo)).toEqual({ ok: false, errors: { amount: AMOUNT_INVALID } });
    const tooLong = checkApprove({ amount: '40000', reason: 'balance_lower', note: 'x'.repeat(501) }, valueKobo);
    expect(tooLong).toEqual({ ok: false, errors: { note: reviewMessages.noteTooLong } });
    const control = checkApprove({ amount: '40000', reason: 'balance_lower', note: 'bad\u0007bell' }, valueKobo);
    expect(control).toEqual({ ok: false, errors: { note: reviewMessages.invalidText } });
  });
});

describe('checkReject', () => {
  it('needs a reason from the list', () => {
    expect(checkReject({ reason: '', other_reason: '', message: '' })).toEqual({ ok: false, errors: { reason: REASON_REQUIRED } });
  });

  it('sends a listed reason with an optional message; other words are dropped', () => {
    expect(checkReject({ reason: 'used_card', other_reason: 'ignored', message: '' })).toEqual({ ok: true, body: { reason: 'used_card' } });
    expect(checkReject({ reason: 'unclear_images', other_reason: '', message: ' Retake in daylight ' })).toEqual({
      ok: true,
      body: { reason: 'unclear_images', message: 'Retake in daylight' },
    });
  });

  it('needs the words of "other"', () => {
    expect(checkReject({ reason: 'other', other_reason: '  ', message: '' })).toEqual({
      ok: false,
      errors: { other_reason: reviewMessages.otherReasonRequired },
    });
    expect(checkReject({ reason: 'other', other_reason: 'Card from a blocked region', message: '' })).toEqual({
      ok: true,
      body: { reason: 'other', other_reason: 'Card from a blocked region' },
    });
  });

  it('refuses a message over the limit', () => {
    expect(checkReject({ reason: 'used_card', other_reason: '', message: 'y'.repeat(501) })).toEqual({
      ok: false,
      errors: { message: reviewMessages.messageTooLong },
    });
  });
});
