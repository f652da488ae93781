import { z } from 'zod';
import type { Db } from '#server/db/client';
import { enqueue } from '#server/jobs/queue';
import type { JobSet } from '#server/jobs/worker';
import type { Clock } from '#server/lib/clock';
import type { Messenger } from '#server/providers/messaging/index';

/**
 * E-mails about money (a sale paid or rejected, a PIN reset) leave through the durable job queue
 * (docs/decisions.md §5b): enqueued in the transaction that made the change, so the mail exists exactly when
 * the change does, and retried with back-off when SMTP is down.
 */

export const SEND_EMAIL_JOB = 'notifications.send_email';

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
}

/** Queue one e-mail, due now by `clock` (the app's, so tests that move time see it come due); pass the transaction that made the change. */
export async function enqueueEmail(db: Db, clock: Clock, email: QueuedEmail): Promise<void> {
  await enqueue(db, SEND_EMAIL_JOB, { to: email.to, subject: email.subject, text: email.text }, { maxAttempts: 10, clock });
}

const queuedEmailSchema = z.object({ to: z.string().min(3), subject: z.string().min(1), text: z.string().min(1) });

/** The job that sends them (server.ts hands in the messenger it built). */
export function emailJobs(messenger: Messenger): JobSet {
  return {
    jobs: [
      {
        name: SEND_EMAIL_JOB,
        payload: queuedEmailSchema,
        handler: async (payload: QueuedEmail) => {
          await messenger.send({ channel: 'email', to: payload.to, subject: payload.subject, text: payload.text });
        },
      },
    ],
    schedules: [],
  };
}
