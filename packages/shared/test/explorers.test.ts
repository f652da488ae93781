import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerTransactionUrl } from '../src/plain/explorers';

const HEX = '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('explorer links', () => {
  it('links each network to its explorer, whatever form the ID was written in', () => {
    for (const typed of [HEX, HEX.toUpperCase(), `0x${HEX}`, `https://mempool.space/tx/${HEX}`])
      expect(explorerTransactionUrl('bitcoin', typed)).toBe(`https://mempool.space/tx/${HEX}`);
    expect(explorerTransactionUrl('bsc', HEX)).toBe(`https://bscscan.com/tx/0x${HEX}`);
    expect(explorerTransactionUrl('bsc', `0x${HEX.toUpperCase()}`)).toBe(`https://bscscan.com/tx/0x${HEX}`);
    expect(explorerTransactionUrl('tron', HEX)).toBe(`https://tronscan.org/#/transaction/${HEX}`);
    expect(explorerTransactionUrl('solana', SIGNATURE)).toBe(`https://solscan.io/tx/${SIGNATURE}`);
  });

  it('builds no link from text that is no ID of the network', () => {
    expect(explorerTransactionUrl('bitcoin', SIGNATURE)).toBeUndefined();
    expect(explorerTransactionUrl('solana', HEX)).toBeUndefined();
    expect(explorerTransactionUrl('tron', `${HEX}"><script>`)).toBeUndefined();
    expect(explorerTransactionUrl('bitcoin', '')).toBeUndefined();
    expect(explorerAddressUrl('tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(
      'https://tronscan.org/#/address/TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    );
    expect(explorerAddressUrl('bsc', '0x12/../evil')).toBeUndefined();
  });
});
