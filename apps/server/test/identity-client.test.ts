import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registryHasPhone } from '@wise/shared';
import { loadConfig } from '../src/config';
import {
  createIdentityProvider,
  IdentityProviderError,
  SANDBOX_IDENTITY_NUMBERS,
  type IdentityProvider,
} from '../src/providers/identity/index';
import { DojahIdentityProvider } from '../src/providers/identity/dojah';
import { startFakeDojah, type FakeDojah } from './support/fake-dojah';

/**
 * The Dojah client (providers/identity/dojah.ts) against a local fake speaking Dojah's protocol:
 * BVN and NIN look-ups, not found, a wrong key, a 5xx, a timeout, a malformed body, the selfie
 * check; and the configuration that chooses it over the sandbox.
 */

const TIMEOUT_MS = 500;
let fake: FakeDojah;
let client: IdentityProvider;
const asker = { fullName: 'Ada Obi-Okafor', dateOfBirth: '1994-02-10', phone: '+2348031234567' };

beforeAll(async () => {
  fake = await startFakeDojah();
  client = new DojahIdentityProvider(fake.appId, fake.secretKey, fake.url, TIMEOUT_MS);
  fake.records.set('bvn:22233344455', {
    first_name: 'ADA',
    middle_name: 'NKECHI',
    last_name: 'OBI-OKAFOR',
    date_of_birth: '1994-02-10',
    phone_number1: '08031234567',
  });
  fake.records.set('nin:70123456789', {
    first_name: 'Ada',
    last_name: 'Okafor',
    date_of_birth: '10-02-1994',
    phone_number1: '08031234567',
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'normal';
  fake.requests.length = 0;
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IdentityProviderError);
  return (error as IdentityProviderError).kind;
};

describe('the Dojah client', () => {
  it('looks a BVN up with the app id and key in their headers, with its registered phones', async () => {
    expect(await client.lookup('bvn', '22233344455', asker)).toEqual({
      firstName: 'ADA',
      middleName: 'NKECHI',
      lastName: 'OBI-OKAFOR',
      dateOfBirth: '1994-02-10',
      phones: ['08031234567'],
    });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/v1/kyc/bvn/full?bvn=22233344455',
        appId: fake.appId,
        authorization: fake.secretKey,
      }),
    ]);
  });

  it('looks a NIN up and reads its date of birth in the day-first form and its one phone', async () => {
    expect(await client.lookup('nin', '70123456789', asker)).toEqual({
      firstName: 'Ada',
      middleName: null,
      lastName: 'Okafor',
      dateOfBirth: '1994-02-10',
      phones: ['08031234567'],
    });
    expect(fake.requests[0]?.url).toBe('/api/v1/kyc/nin?nin=70123456789');
  });

  it('says not found for a number the registry does not have', async () => {
    expect(await failure(client.lookup('bvn', '22233344400', asker))).toBe('not_found');
    expect(await failure(client.lookup('nin', '70123456700', asker))).toBe('not_found');
  });

  it('says unavailable for a wrong key, a 5xx, a timeout and a malformed body', async () => {
    const wrongKey: IdentityProvider = new DojahIdentityProvider(fake.appId, 'test_sk_wrong', fake.url, TIMEOUT_MS);
    expect(await failure(wrongKey.lookup('bvn', '22233344455', asker))).toBe('unavailable');
    fake.mode = 'error';
    expect(await failure(client.lookup('bvn', '22233344455', asker))).toBe('unavailable');
    fake.mode = 'malformed';
    expect(await failure(client.lookup('bvn', '22233344455', asker))).toBe('unavailable');
    fake.mode = 'hang';
    expect(await failure(client.lookup('nin', '70123456789', asker))).toBe('unavailable');
  });

  it('refuses a record without a usable date of birth as a body it cannot read', async () => {
    fake.records.set('bvn:22233344466', { first_name: 'ADA', last_name: 'OKAFOR', date_of_birth: 'sometime in 1994' });
    expect(await failure(client.lookup('bvn', '22233344466', asker))).toBe('unavailable');
  });

  it('compares a selfie with the document photo', async () => {
    const images = { front: Buffer.from('front'), back: Buffer.from('back'), selfie: Buffer.from('selfie') };
    fake.selfie = { confidence_value: 96.4, match: true };
    expect(await client.checkDocument(images)).toMatchObject({ faceMatch: true, confidence: 96 });
    const sent = JSON.parse(fake.requests[0]?.body ?? '{}') as Record<string, string>;
    expect(sent).toEqual({
      selfie_image: Buffer.from('selfie').toString('base64'),
      photoid_image: Buffer.from('front').toString('base64'),
    });
    fake.selfie = { confidence_value: 41.2, match: false };
    expect(await client.checkDocument(images)).toMatchObject({ faceMatch: false, confidence: 41 });
    fake.mode = 'error';
    expect(await failure(client.checkDocument(images))).toBe('unavailable');
  });
});

describe('the sandbox and the choice between them', () => {
  it('is the sandbox unless IDENTITY_PROVIDER=dojah', async () => {
    expect(createIdentityProvider(loadConfig({ NODE_ENV: 'test' })).name).toBe('sandbox');
    const dojah = createIdentityProvider(
      loadConfig({
        NODE_ENV: 'test',
        IDENTITY_PROVIDER: 'dojah',
        DOJAH_APP_ID: fake.appId,
        DOJAH_SECRET_KEY: fake.secretKey,
        DOJAH_BASE_URL: fake.url,
      }),
    );
    expect(dojah.name).toBe('dojah');
    expect((await dojah.lookup('bvn', '22233344455', asker)).lastName).toBe('OBI-OKAFOR');
  });

  it("answers the documented sandbox inputs: the own numbers with the account's phone, the stranger's with another", async () => {
    const sandbox = createIdentityProvider(loadConfig({ NODE_ENV: 'test' }));
    expect(await sandbox.lookup('bvn', SANDBOX_IDENTITY_NUMBERS.ownBvn, asker)).toEqual({
      firstName: 'ADA',
      middleName: null,
      lastName: 'OBI-OKAFOR',
      dateOfBirth: '1994-02-10',
      phones: ['08031234567'],
    });
    expect((await sandbox.lookup('nin', SANDBOX_IDENTITY_NUMBERS.ownNin, asker)).dateOfBirth).toBe('1994-02-10');
    const stranger = await sandbox.lookup('bvn', SANDBOX_IDENTITY_NUMBERS.strangerBvn, asker);
    expect(stranger.lastName).toBe('EZEANYA');
    expect(registryHasPhone(stranger.phones, asker.phone)).toBe(false);
    expect(await failure(sandbox.lookup('bvn', SANDBOX_IDENTITY_NUMBERS.timeoutBvn, asker))).toBe('unavailable');
    expect(await failure(sandbox.lookup('nin', SANDBOX_IDENTITY_NUMBERS.ownBvn, asker))).toBe('not_found');
    expect(await failure(sandbox.lookup('bvn', '12345678901', asker))).toBe('not_found');
  });
});
