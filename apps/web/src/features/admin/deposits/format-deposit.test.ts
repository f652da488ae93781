import { describe, expect, it } from 'vitest';
import { confirmationsText, depositAmount, depositSummary, onNetwork, shortId } from './format-deposit';

describe('the deposit desk formats', () => {
  it('cuts a long ID to its two ends and leaves a short one whole', () => {
    expect(shortId('a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9')).toBe('a1b2c3d4…d7e8f9');
    expect(shortId('0123456789abcde')).toBe('0123456789abcde');
    expect(shortId('0123456789abcdef')).toBe('01234567…abcdef');
  });

  it('names the coin, the network and the confirmations as staff read them', () => {
    expect(depositAmount({ amount: '100.5', coin: 'usdt' })).toBe('100.5 USDT');
    expect(onNetwork({ network: 'tron' })).toBe('on TRON (TRC20)');
    expect(depositSummary({ amount: '0.015', coin: 'btc', network: 'bitcoin' })).toBe('0.015 BTC on Bitcoin');
    expect(depositSummary({ amount: '12', coin: 'usdt', network: 'bsc' })).toBe('12 USDT on BNB Smart Chain (BEP20)');
    expect(confirmationsText({ confirmations: 3, required_confirmations: 20 })).toBe('3 of 20');
    expect(confirmationsText({ confirmations: 22, required_confirmations: 20 })).toBe('20 of 20');
  });
});
