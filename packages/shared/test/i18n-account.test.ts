import { describe, expect, it } from 'vitest';
import { accountPairs } from '../src/i18n/pcm/account';
import { bankMessages, identityScreenTexts, pinMessages, registerCatalogue, textsIn, translateText, walletTexts } from '../src/index';

/** Every string of a translation, with its path, calling each function with sample arguments. */
function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') out.push([path, String((value as (...args: unknown[]) => unknown)(2, '₦1,000.00'))]);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) strings(child, `${path}.${key}`, out);
  return out;
}

describe('the account screens in Pidgin', () => {
  registerCatalogue('pcm', accountPairs);

  it('has a non-empty text for every English one', () => {
    for (const [english, translated] of accountPairs) {
      const englishTexts = strings(english, '', []);
      const translatedTexts = strings(translated, '', []);
      expect(translatedTexts.map(([path]) => path)).toEqual(englishTexts.map(([path]) => path));
      for (const [path, text] of translatedTexts) expect(text.trim(), path).not.toBe('');
    }
  });

  it('gives screens their Pidgin objects and server messages their Pidgin words', () => {
    expect(textsIn(walletTexts, 'pcm').update).toBe('Change Bank Details');
    expect(textsIn(walletTexts, 'en')).toBe(walletTexts);
    expect(textsIn(identityScreenTexts, 'pcm').triesLeft(3)).toBe('3 tries remain today');
    expect(translateText(bankMessages.updated, 'pcm')).toBe('Your bank details don change');
    expect(translateText(pinMessages.passwordStepTitle, 'pcm')).toBe('Confam your password');
  });
});
