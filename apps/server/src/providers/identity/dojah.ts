import { normaliseBirthDate, type IdentityNumberKind, type IdentityPerson } from '@wise/shared';
import { z } from 'zod';
import { providerFetch } from '#server/lib/metrics';
import { IdentityProviderError, type DocumentImages, type DocumentVerdict, type IdentityProvider } from './types';

/** A name part as Dojah answers it: a string, possibly empty or absent. */
const namePart = z.string().nullish();

/**
 * The entity of Dojah's look-ups. BVN (GET /api/v1/kyc/bvn/full) answers first_name, middle_name,
 * last_name, date_of_birth and the registered phones phone_number1, phone_number2; NIN (GET
 * /api/v1/kyc/nin) answers the same names with phone_number in its current version, and
 * firstname/middlename/surname/birthdate/telephoneno in its older one: all are read.
 */
const personEntity = z
  .object({
    first_name: namePart,
    firstname: namePart,
    middle_name: namePart,
    middlename: namePart,
    last_name: namePart,
    surname: namePart,
    date_of_birth: namePart,
    birthdate: namePart,
    phone_number: namePart,
    phone_number1: namePart,
    phone_number2: namePart,
    telephoneno: namePart,
  })
  .transform((e, ctx): IdentityPerson | typeof z.NEVER => {
    const firstName = (e.first_name ?? e.firstname ?? '').trim();
    const lastName = (e.last_name ?? e.surname ?? '').trim();
    const dateOfBirth = normaliseBirthDate(e.date_of_birth ?? e.birthdate ?? '');
    if (!firstName || !lastName || !dateOfBirth) {
      ctx.addIssue({ code: 'custom', message: 'the record has no first name, surname or date of birth' });
      return z.NEVER;
    }
    const phones = [e.phone_number, e.phone_number1, e.phone_number2, e.telephoneno].map((p) => (p ?? '').trim()).filter(Boolean);
    return { firstName, middleName: (e.middle_name ?? e.middlename ?? '').trim() || null, lastName, dateOfBirth, phones };
  });
const lookupBody = z.object({ entity: personEntity });

/** POST /api/v1/kyc/photoid/verify: `entity.selfie` is the face comparison (match above 90% confidence). */
const photoIdBody = z.object({
  entity: z.object({
    selfie: z.object({ confidence_value: z.coerce.number(), match: z.boolean() }),
  }),
});

/**
 * Dojah (https://api.dojah.io; https://sandbox.dojah.io for its test keys), documented at
 * docs.dojah.io: every call carries `AppId: <app id>` and `Authorization: <secret key>` (the key
 * itself, no scheme). Errors answer `{ "error": "…" }`: 400 or 404 for a number the registry does
 * not have, 401/403 for bad keys, 5xx or 424 when the registry behind it is down.
 */
export class DojahIdentityProvider implements IdentityProvider {
  readonly name = 'dojah' as const;

  constructor(
    private readonly appId: string,
    private readonly secretKey: string,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async lookup(kind: IdentityNumberKind, number: string): Promise<IdentityPerson> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}${kind === 'bvn' ? '/api/v1/kyc/bvn/full' : '/api/v1/kyc/nin'}`);
    url.searchParams.set(kind, number);
    const response = await this.call(`dojah_${kind}`, url, { method: 'GET' });
    // Dojah answers 400 ("Your BVN is invalid") or 404 ("BVN not found") for a number it cannot find.
    if (response.status === 400 || response.status === 404) {
      await response.body?.cancel();
      throw new IdentityProviderError('not_found', `dojah answered ${response.status}`);
    }
    return this.read(response, lookupBody, kind).then((body) => body.entity);
  }

  holderKey(_kind: IdentityNumberKind, number: string): string {
    return number;
  }

  async checkDocument(images: DocumentImages): Promise<DocumentVerdict> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/api/v1/kyc/photoid/verify`);
    const body = JSON.stringify({ selfie_image: images.selfie.toString('base64'), photoid_image: images.front.toString('base64') });
    const response = await this.call('dojah_photoid', url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const { entity } = await this.read(response, photoIdBody, 'photo id');
    const confidence = Math.max(0, Math.min(100, Math.round(entity.selfie.confidence_value)));
    return {
      faceMatch: entity.selfie.match,
      confidence,
      summary: `Dojah: the selfie ${entity.selfie.match ? 'matches' : 'does not match'} the document photo (${confidence}%)`,
    };
  }

  private async call(metric: string, url: URL, init: RequestInit): Promise<Response> {
    try {
      return await providerFetch(metric, url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          appid: this.appId,
          authorization: this.secretKey,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      throw new IdentityProviderError('unavailable', `dojah request failed`, { cause });
    }
  }

  private async read<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    if (!response.ok) {
      await response.body?.cancel();
      throw new IdentityProviderError('unavailable', `dojah ${what} answered ${response.status}`);
    }
    try {
      return schema.parse(await response.json());
    } catch (cause) {
      throw new IdentityProviderError('unavailable', `dojah ${what} answered an unexpected body`, { cause });
    }
  }
}
