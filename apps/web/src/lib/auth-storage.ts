import { STORAGE_KEYS, type Language, type SessionUser } from '@wise/shared';

/*
 * At login the account's language wins (docs/i18n.md); main.tsx hands in lib/i18n's
 * adoptAccountLanguage rather than this module, which every screen imports, importing it (the
 * same chunk split as in toast.tsx).
 */
let adoptLanguage: (language: Language | undefined) => void = () => undefined;
export function adoptAccountLanguageWith(adopt: (language: Language | undefined) => void): void {
  adoptLanguage = adopt;
}

/**
 * docs/product.md §3's local-storage keys. Screens read them; the server never trusts them (docs/decisions.md §3):
 * the httpOnly session cookie is what actually authenticates.
 */
let signedInThisTab = false;

export const authStorage = {
  isLoggedIn(): boolean {
    return localStorage.getItem(STORAGE_KEYS.auth) === 'true';
  },
  signIn(user: Pick<SessionUser, 'id' | 'full_name' | 'language'>): void {
    localStorage.setItem(STORAGE_KEYS.auth, 'true');
    localStorage.setItem(STORAGE_KEYS.id, user.id);
    localStorage.setItem(STORAGE_KEYS.fullname, user.full_name);
    signedInThisTab = true;
    adoptLanguage(user.language);
  },
  /**
   * Logout clears all local storage, as docs/product.md §4 says, except the device's answer to the
   * passkey offer (a device that said "Not now" is not asked again after the next login) and its
   * language (the login screen stays in it, docs/i18n.md).
   */
  clear(): void {
    const passkeyOffer = localStorage.getItem(STORAGE_KEYS.passkeyOffer);
    const language = localStorage.getItem(STORAGE_KEYS.language);
    localStorage.clear();
    if (passkeyOffer) localStorage.setItem(STORAGE_KEYS.passkeyOffer, passkeyOffer);
    if (language) localStorage.setItem(STORAGE_KEYS.language, language);
    signedInThisTab = false;
  },
  fullName(): string {
    return localStorage.getItem(STORAGE_KEYS.fullname) ?? '';
  },
  userId(): string {
    return localStorage.getItem(STORAGE_KEYS.id) ?? '';
  },
  /** docs/product.md §3's shared in-memory flag, set true after a login in this tab. */
  signedInThisTab(): boolean {
    return signedInThisTab;
  },
};
