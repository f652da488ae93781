import { randomInt } from 'node:crypto';
import { totpAt } from '#server/domain/staff/totp';
import { Unreachable, type SoakClient } from './client';
import type { SoakStaff } from './seed';

/**
 * The reviewer at /admin during the soak: signs in with password and authenticator (enrolling on
 * first sign-in, as the QR step does), then works the pending queue oldest first — approving about
 * three in four (each approval asks for the current authenticator code and starts the payout) and
 * rejecting the rest with a reason.
 */

export interface Decisions {
  approved: Set<string>;
  rejected: Set<string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signInReviewer(client: SoakClient, staff: SoakStaff): Promise<string> {
  const login = await client.call('staff.login', 'POST', '/api/admin/auth/login', {
    json: { email: staff.email, password: staff.password },
  });
  if (login.status !== 200) throw new Error(`reviewer sign-in: ${login.status} ${login.text}`);
  const enrolment = await client.call<{ secret: string }>('staff.enrolment', 'GET', '/api/admin/auth/enrolment');
  if (enrolment.status !== 200 || !enrolment.body?.secret) throw new Error(`reviewer enrolment: ${enrolment.status} ${enrolment.text}`);
  const secret = enrolment.body.secret;
  const enrolled = await client.call('staff.enrol', 'POST', '/api/admin/auth/enrolment', { json: { code: totpAt(secret, new Date()) } });
  if (enrolled.status !== 200) throw new Error(`reviewer enrolment code: ${enrolled.status} ${enrolled.text}`);
  return secret;
}

export async function runReviewer(
  client: SoakClient,
  secret: string,
  decisions: Decisions,
  stopped: () => boolean,
  pauseMs = 1000,
): Promise<void> {
  while (!stopped()) {
    try {
      const queue = await client.call<{ items?: { id: string; kind?: string }[] }>(
        'review.queue',
        'GET',
        '/api/admin/sales?status=pending&limit=20',
      );
      for (const item of queue.body?.items ?? []) {
        if (stopped()) break;
        await client.call('review.detail', 'GET', `/api/admin/sales/${item.id}`);
        if (randomInt(0, 4) < 3) {
          const answer = await client.call('review.approve', 'POST', `/api/admin/sales/${item.id}/approve`, {
            json: { confirm_code: totpAt(secret, new Date()) },
          });
          if (answer.status === 200) decisions.approved.add(item.id);
        } else {
          const answer = await client.call('review.reject', 'POST', `/api/admin/sales/${item.id}/reject`, {
            json:
              item.kind === 'crypto'
                ? { reason: 'no_deposit' }
                : { reason: 'unclear_images', message: 'The code is not readable in the photo.' },
          });
          if (answer.status === 200) decisions.rejected.add(item.id);
        }
      }
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
    }
    await sleep(pauseMs);
  }
}
