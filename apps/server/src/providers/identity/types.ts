import type { IdentityNumberKind, IdentityPerson } from '@wise/shared';

/** The customer asking: only the offline sandbox uses it (its numbers 22222222222 and 11111111111 are the asker's own). */
export interface IdentityAsker {
  fullName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** The account's phone, as stored (+234…). */
  phone: string;
}

/** The images of a Tier 2 request, as stored (WebP from the browser's downscale). */
export interface DocumentImages {
  front: Buffer;
  back: Buffer;
  selfie: Buffer;
}

/** The provider's opinion on a Tier 2 request; staff decide, this only informs them. */
export interface DocumentVerdict {
  /** Whether the selfie is the face on the document, in the provider's judgement. */
  faceMatch: boolean;
  /** 0-100, the provider's confidence in the face match. */
  confidence: number;
  /** The provider's words, for the reviewer. */
  summary: string;
}

/** BVN and NIN look-ups (Tier 1) and document + selfie checks (Tier 2). */
export interface IdentityProvider {
  readonly name: 'sandbox' | 'dojah';
  /**
   * The person the number belongs to, with the phone numbers the registry holds for it; throws
   * IdentityProviderError `not_found` or `unavailable`.
   */
  lookup(kind: IdentityNumberKind, number: string, asker: IdentityAsker): Promise<IdentityPerson>;
  /**
   * Who the number stands for, as hashed to find it on another account: the number itself for a
   * real registry; the sandbox's own-person numbers belong to whoever asks, so each asker's is theirs.
   */
  holderKey(kind: IdentityNumberKind, number: string, userId: string): string;
  /** Compares the selfie with the document's photo; throws IdentityProviderError `unavailable`. */
  checkDocument(images: DocumentImages): Promise<DocumentVerdict>;
}

/** `not_found`: the registry has no such number. `unavailable`: we could not ask (timeout, 401, 5xx, a body we cannot read). */
export class IdentityProviderError extends Error {
  constructor(
    readonly kind: 'not_found' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IdentityProviderError';
  }
}
