import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for the passkey tests: an EC P-256 key pair from node:crypto, the
 * 'none' attestation and the assertions a platform authenticator would make, CBOR-encoded by the
 * small encoder below (only the types WebAuthn's structures use).
 */

type Cbor = number | string | Uint8Array | CborMap;
type CborMap = Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** The origin the browser would put in clientDataJSON. */
  origin?: string;
  rpId?: string;
  /** Without it the authenticator says the user was present but not verified. */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string | undefined;

  constructor(credentialId: Buffer = randomBytes(32)) {
    this.credentialId = credentialId;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The browser's RegistrationResponseJSON for create() options carrying `challenge` and `userId`. */
  register(options: { challenge: string; user: { id: string } }, ceremony: Ceremony = {}) {
    this.userHandle = options.user.id;
    const rpId = ceremony.rpId ?? 'localhost';
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? 'http://localhost:3000',
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(rpId, flags, attested)],
      ]),
    );
    return {
      credential: {
        id: this.id,
        rawId: this.id,
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal'] },
      },
    };
  }

  /** The browser's AuthenticationResponseJSON for get() options carrying `challenge`; each call counts once. */
  assert(options: { challenge: string }, ceremony: Ceremony & { userHandle?: string; counter?: number } = {}) {
    this.counter = ceremony.counter ?? this.counter + 1;
    const rpId = ceremony.rpId ?? 'localhost';
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: ceremony.origin ?? 'http://localhost:3000',
      crossOrigin: false,
    });
    const authData = this.authData(rpId, FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV));
    const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), this.privateKey);
    const userHandle = ceremony.userHandle ?? this.userHandle;
    return {
      credential: {
        id: this.id,
        rawId: this.id,
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      },
    };
  }
}
