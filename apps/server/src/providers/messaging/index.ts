import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { providerFetch, timeProviderCall, type ProviderCallOutcome } from '#server/lib/metrics';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends OutgoingMessage {
  id: number;
  created_at: string;
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

const OUTBOX_LIMIT = 500;

/** Development stand-in for e-mail and SMS: logged, and listed at GET /api/dev/outbox. */
export class Outbox implements Messenger {
  private readonly entries: OutboxEntry[] = [];
  private nextId = 1;
  private logger?: FastifyBaseLogger;

  attachLogger(logger: FastifyBaseLogger): void {
    this.logger = logger;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const entry = { ...message, id: this.nextId++, created_at: new Date().toISOString() };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, OUTBOX_LIMIT);
    this.logger?.info({ outbox: entry }, `dev outbox: ${message.channel} to ${message.to}: ${message.subject}`);
  }

  /** Newest first. */
  list(): OutboxEntry[] {
    return [...this.entries];
  }
}

/** The server's refusal by its reply class (smtp_4xx: try later; smtp_5xx: refused), or the connection's failure. */
export function smtpOutcome(error: unknown): ProviderCallOutcome {
  const details = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof details.responseCode === 'number') return { outcome: details.responseCode >= 500 ? 'smtp_5xx' : 'smtp_4xx' };
  return { outcome: details.code === 'ETIMEDOUT' ? 'timeout' : 'network_error' };
}

export class SmtpMailer implements Messenger {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: OutgoingMessage): Promise<void> {
    await timeProviderCall(
      'smtp',
      'send',
      () => this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text }),
      {
        ofResult: () => ({ outcome: 'ok' }),
        ofError: smtpOutcome,
      },
    );
  }
}

/** Termii's SMS API (a common Nigerian gateway): POST /api/sms/send. */
export class TermiiSms implements Messenger {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly senderId: string,
  ) {}
  async send(message: OutgoingMessage): Promise<void> {
    const response = await providerFetch('sms', `${this.baseUrl.replace(/\/$/, '')}/api/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: this.apiKey,
        to: message.to.replace(/^\+/, ''),
        from: this.senderId,
        sms: message.text,
        type: 'plain',
        channel: 'generic',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  }
}

/** Routes each channel to its transport; whatever has no transport configured goes to the outbox. */
export class ChannelMessenger implements Messenger {
  constructor(private readonly routes: Record<OutgoingMessage['channel'], Messenger>) {}
  send(message: OutgoingMessage): Promise<void> {
    return this.routes[message.channel].send(message);
  }
}
