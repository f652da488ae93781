import { STORAGE_KEYS, type SessionUser } from '@wise/shared';

/**
 * docs/product.md §3's local-storage keys. Screens read them; the server never trusts them (docs/decisions.md §3):
 * the httpOnly session cookie is what actually authenticates.
 */
let signedInThisTab = false;

export const authStorage = {
  isLoggedIn(): boolean {
    return localStorage.getItem(STORAGE_KEYS.auth) === 'true';
  },
  signIn(user: Pick<SessionUser, 'id' | 'full_name'>): void {
    localStorage.setItem(STORAGE_KEYS.auth, 'true');
    localStorage.setItem(STORAGE_KEYS.id, user.id);
    localStorage.setItem(STORAGE_KEYS.fullname, user.full_name);
    signedInThisTab = true;
  },
  /**
   * Logout clears all local storage, as docs/product.md §4 says, except the device's answer to the
   * passkey offer: a device that said "Not now" is not asked again after the next login.
   */
  clear(): void {
    const passkeyOffer = localStorage.getItem(STORAGE_KEYS.passkeyOffer);
    localStorage.clear();
    if (passkeyOffer) localStorage.setItem(STORAGE_KEYS.passkeyOffer, passkeyOffer);
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
