import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path of this app with its query', () => {
    expect(safeReturnTo('/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon')).toBe(
      '/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon',
    );
  });

  it('refuses anything that could leave the app', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'homepage',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeUndefined();
    }
  });
});
