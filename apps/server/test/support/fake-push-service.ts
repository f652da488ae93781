import { createECDH, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A push service of our own for the Web Push tests: HTTPS on localhost (push endpoints are always
 * https, and our validation refuses anything else) with a throw-away certificate the sender's agent
 * trusts. Each "browser" is a real P-256 key pair and auth secret, so the service decrypts every
 * message exactly as a browser would (RFC 8291, aes128gcm — written here from the RFC, not with
 * the library that encrypted it) and records what arrived, or answers the status a test sets.
 */

export interface FakeBrowser {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
}

export interface ReceivedPush {
  browserId: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  authorization: string | undefined;
}

export interface FakePushService {
  url: string;
  /** host:port, as PUSH_ENDPOINT_TEST_HOSTS names it (the push rules let only listed test hosts through). */
  host: string;
  /** This service's certificate: hand it to the push job as its CA. */
  ca: Buffer;
  /** Trusts this service's certificate. */
  agent: Agent;
  received: ReceivedPush[];
  /** The next answers for a browser (then 201): e.g. [410], [503]. */
  answers: Map<string, number[]>;
  newBrowser(): FakeBrowser;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 / RFC 8188: one record, the user agent's side. */
export function decryptAes128gcm(body: Buffer, browser: Pick<FakeBrowser, 'privateKey' | 'publicKey' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const prkKey = hmac(browser.auth, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
  return padded.subarray(0, end);
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (request.method !== 'POST' || !browser) {
        response.writeHead(404).end();
        return;
      }
      const status = answers.get(browser.id)?.shift();
      if (status !== undefined && status !== 201) {
        response.writeHead(status).end();
        return;
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        response.writeHead(400).end('aes128gcm expected');
        return;
      }
      const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8')) as unknown;
      received.push({
        browserId: browser.id,
        payload,
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        authorization: request.headers.authorization,
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `localhost:${(server.address() as AddressInfo).port}`;
  const url = `https://${host}`;
  return {
    url,
    host,
    ca: cert,
    agent: new Agent({ ca: cert }),
    received,
    answers,
    newBrowser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const browser: FakeBrowser = {
        id,
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        auth,
        subscription: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      browsers.set(id, browser);
      return browser;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
