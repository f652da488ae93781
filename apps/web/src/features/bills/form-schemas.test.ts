import { describe, expect, it } from 'vitest';
import { tvPlanValue } from '@wise/shared';
import { airtimeFormSchema, dataPhoneSchema, electricityFormSchema, tvFormSchema } from './form-schemas';

/** The first message per field: the one the form shows. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('airtime form (docs/product.md §5)', () => {
  const valid = { network: 'mtn', phone: '08031234567', amount: '200' };

  it('accepts a filled form within the balance, the amount as a whole number', () => {
    expect(airtimeFormSchema(500).parse(valid)).toEqual({ network: 'mtn', phone: '08031234567', amount: 200 });
    expect(airtimeFormSchema(500).parse({ ...valid, phone: '+2348031234567' }).phone).toBe('+2348031234567');
  });

  it('requires every field', () => {
    expect(errorsOf(airtimeFormSchema(500).safeParse({ network: '', phone: '', amount: '' }))).toEqual({
      network: 'This field is required',
      phone: 'This field is required',
      amount: 'This field is required',
    });
  });

  it('amount: digits only, then within the gem balance', () => {
    expect(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, amount: '12a' }))).toEqual({ amount: 'Invalid input' });
    expect(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, amount: '1.5' }))).toEqual({ amount: 'Invalid input' });
    expect(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, amount: '501' }))).toEqual({ amount: 'Insufficient balance' });
    expect(airtimeFormSchema(500).safeParse({ ...valid, amount: '500' }).success).toBe(true);
    expect(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, amount: '49' }))).toEqual({
      amount: 'Enter an amount between 50 and 100,000',
    });
  });

  it('leaves the balance to the server while it is unknown', () => {
    expect(airtimeFormSchema(undefined).safeParse({ ...valid, amount: '90000' }).success).toBe(true);
  });

  it('refuses an unknown network and a malformed phone', () => {
    expect(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, network: 'vodafone' }))).toEqual({ network: 'Invalid entry' });
    expect(Object.keys(errorsOf(airtimeFormSchema(500).safeParse({ ...valid, phone: '0803-123' })))).toEqual(['phone']);
  });
});

describe('electricity form', () => {
  const valid = { provider: 'ikeja', meter_number: '45012345678', meter_type: 'prepaid', phone: '08031234567', amount: '5000' };
  it('requires provider, amount, meter number, phone and meter type; amount rules as airtime', () => {
    expect(electricityFormSchema(10_000).parse(valid)).toMatchObject({ provider: 'ikeja', amount: 5000, meter_type: 'prepaid' });
    expect(
      Object.keys(
        errorsOf(electricityFormSchema(10_000).safeParse({ provider: '', meter_number: '', meter_type: '', phone: '', amount: '' })),
      ).sort(),
    ).toEqual(['amount', 'meter_number', 'meter_type', 'phone', 'provider']);
    expect(errorsOf(electricityFormSchema(4_999).safeParse(valid))).toEqual({ amount: 'Insufficient balance' });
    expect(errorsOf(electricityFormSchema(10_000).safeParse({ ...valid, amount: 'abc' }))).toEqual({ amount: 'Invalid input' });
  });
});

describe('TV form', () => {
  const plans = [
    { variation_code: 'dstv-compact', name: 'DStv Compact', amount: 15_700 },
    { variation_code: 'dstv-padi', name: 'DStv Padi', amount: 2_950 },
  ];
  const valid = { service: 'dstv', plan: tvPlanValue(plans[1]!), smart_card_number: '7027914329', phone: '08031234567' };

  it('the select value joins code and name; the amount is the plan price', () => {
    expect(tvFormSchema(5_000, plans).parse(valid)).toEqual({
      service: 'dstv',
      smart_card_number: '7027914329',
      phone: '08031234567',
      plan: plans[1],
    });
  });

  it('a plan beyond the balance is Insufficient balance; an unknown plan is refused', () => {
    expect(errorsOf(tvFormSchema(5_000, plans).safeParse({ ...valid, plan: tvPlanValue(plans[0]!) }))).toEqual({
      amount: 'Insufficient balance',
    });
    expect(errorsOf(tvFormSchema(5_000, plans).safeParse({ ...valid, plan: 'gone|Gone' }))).toEqual({ plan: 'Invalid entry' });
    expect(errorsOf(tvFormSchema(5_000, plans).safeParse({ ...valid, plan: '' }))).toEqual({ plan: 'This field is required' });
  });

  it('requires service, smart card number and phone', () => {
    expect(
      Object.keys(
        errorsOf(tvFormSchema(5_000, plans).safeParse({ service: '', plan: valid.plan, smart_card_number: '', phone: '' })),
      ).sort(),
    ).toEqual(['phone', 'service', 'smart_card_number']);
  });
});

describe('data page phone (docs/product.md §4: the sheet opens only with a valid, non-empty phone)', () => {
  it.each([
    ['', false],
    ['0803', false],
    ['08031234567', true],
    ['+2348031234567', true],
  ])('%s → %s', (phone, ok) => {
    expect(dataPhoneSchema.safeParse({ phone }).success).toBe(ok);
  });
});
