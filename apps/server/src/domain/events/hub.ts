import { z } from 'zod';
import { listenToChannel } from '#server/db/listen';

/**
 * Live updates for a customer's open screens (docs/features.md, "Live updates"): what changed — a sale
 * (its payout included), a bill order, a notification — by kind and id, never the data; the screen
 * refetches that through the API, with its own session, so nothing leaks through the stream.
 * The changes come from triggers (db/migrations/0038_customer_events.sql) that notify the channel
 * `wise_events` on commit; each instance LISTENs on a connection of its own and hands each event to
 * the streams of that customer it holds. The embedded database cannot notify across its one
 * connection, so there `publish` is called in process instead. Polling stays the fallback.
 */

export const EVENTS_CHANNEL = 'wise_events';

const eventKinds = ['sale', 'bill', 'notification', 'deposit'] as const;
export type CustomerEventKind = (typeof eventKinds)[number];
export interface CustomerEvent {
  type: CustomerEventKind;
  id: string;
}

const notificationSchema = z.object({ user: z.string().uuid(), type: z.enum(eventKinds), id: z.string().uuid() });

export interface EventStream {
  userId: string;
  sessionHash: string;
  send(event: CustomerEvent): void;
  close(): void;
}

interface Logger {
  warn(details: object, message: string): void;
}

/** The hubs of this process on the embedded database, which `publishInProcess` reaches. */
const inProcessHubs = new Set<EventHub>();

export function registerInProcessHub(hub: EventHub): void {
  inProcessHubs.add(hub);
}

/**
 * On the embedded database, tells this process's streams of a change (called by the domain code
 * making it, inside its transaction: the refetch it causes waits for the session that transaction
 * holds, so it sees the commit). On PostgreSQL the triggers do this and no hub is registered here.
 */
export function publishInProcess(userId: string, event: CustomerEvent): void {
  for (const hub of inProcessHubs) hub.publish(userId, event);
}

export class EventHub {
  private readonly streams = new Map<string, EventStream[]>();
  private channel: { close(): Promise<void> } | undefined;
  private closed = false;

  /**
   * `maxPerUser`: a customer's open streams at most. One more is refused rather than closing the
   * oldest: a closed EventSource reconnects by itself, so tabs would take turns closing each other.
   */
  constructor(
    private readonly maxPerUser: number,
    private readonly logger: Logger,
  ) {}

  /** Whether a customer may open one more stream. */
  hasRoomFor(userId: string): boolean {
    return this.count(userId) < this.maxPerUser;
  }

  add(stream: EventStream): void {
    this.streams.set(stream.userId, [...(this.streams.get(stream.userId) ?? []), stream]);
  }

  remove(stream: EventStream): void {
    const open = (this.streams.get(stream.userId) ?? []).filter((s) => s !== stream);
    if (open.length) this.streams.set(stream.userId, open);
    else this.streams.delete(stream.userId);
  }

  /** Open streams of a customer (tests, metrics). */
  count(userId: string): number {
    return this.streams.get(userId)?.length ?? 0;
  }

  publish(userId: string, event: CustomerEvent): void {
    for (const stream of this.streams.get(userId) ?? []) stream.send(event);
  }

  /** Ends the streams of a session that has ended (logout). */
  endSession(sessionHash: string): void {
    for (const open of [...this.streams.values()]) for (const stream of open) if (stream.sessionHash === sessionHash) stream.close();
  }

  /**
   * LISTENs on `wise_events` on a connection of its own (db/listen.ts); a lost connection is
   * reopened with a growing pause, the screens polling meanwhile. Resolves once the first attempt
   * has ended either way.
   */
  async listen(connectionString: string): Promise<void> {
    const channel = await listenToChannel(
      connectionString,
      EVENTS_CHANNEL,
      {
        onNotification: (payload) => {
          const parsed = notificationSchema.safeParse(safeJson(payload));
          if (parsed.success) this.publish(parsed.data.user, { type: parsed.data.type, id: parsed.data.id });
        },
        meanwhile: 'the screens poll',
      },
      this.logger,
    );
    if (this.closed) await channel.close();
    else this.channel = channel;
  }

  async close(): Promise<void> {
    this.closed = true;
    inProcessHubs.delete(this);
    for (const open of [...this.streams.values()]) for (const stream of open) stream.close();
    const channel = this.channel;
    this.channel = undefined;
    await channel?.close();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
