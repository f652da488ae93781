import { describe, expect, it } from 'vitest';
import { BILL_NETWORKS, NETWORK_PREFIXES, networkOfPhone } from '../src/index';

describe('networkOfPhone: the network a Nigerian number prefix names', () => {
  it.each([
    ['08031234567', 'mtn'],
    ['0906 123 4567', 'mtn'],
    ['+234 803 123 4567', 'mtn'],
    ['2348161234567', 'mtn'],
    ['07025123456', 'mtn'],
    ['08021234567', 'airtel'],
    ['+2349121234567', 'airtel'],
    ['0701-234-5678', 'airtel'],
    ['08051234567', 'glo'],
    ['09151234567', 'glo'],
    ['08091234567', 'etisalat'],
    ['0818 123 4567', 'etisalat'],
  ] as const)('%s → %s', (phone, network) => {
    expect(networkOfPhone(phone)).toBe(network);
  });

  it('knows the network as soon as the prefix is typed, not before', () => {
    expect(networkOfPhone('080')).toBeUndefined();
    expect(networkOfPhone('0803')).toBe('mtn');
    expect(networkOfPhone('0702')).toBeUndefined();
    expect(networkOfPhone('07026')).toBe('mtn');
  });

  it('guesses nothing for an unknown prefix, another country or too many digits', () => {
    expect(networkOfPhone('')).toBeUndefined();
    expect(networkOfPhone('07021234567')).toBeUndefined();
    expect(networkOfPhone('+447911123456')).toBeUndefined();
    expect(networkOfPhone('080312345678')).toBeUndefined();
  });

  it('gives each prefix to one network only, and every network has prefixes', () => {
    const all = Object.values(NETWORK_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const network of BILL_NETWORKS) expect(NETWORK_PREFIXES[network].length).toBeGreaterThan(0);
    for (const prefix of all) expect(prefix).toMatch(/^0[789]\d{2,3}$/);
  });
});
