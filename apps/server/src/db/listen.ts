import pg from 'pg';

/**
 * A connection of its own LISTENing on one channel of PostgreSQL, outside the pool (a pool may hold
 * no connection for a while). `onUp` is called each time the LISTEN is in place, `onDown` when the
 * connection is lost: what was notified in between is gone, so a listener relying on hearing every
 * notification must stop relying on it at `onDown` and start afresh at `onUp`. A lost connection
 * (or one that cannot be opened) is reopened with a growing pause.
 */
export interface ChannelHandlers {
  onNotification(payload: string): void;
  onUp?(): void;
  onDown?(): void;
  /** What the app does while the connection is down, for the log line ("the screens poll"). */
  meanwhile: string;
}

interface Logger {
  warn(details: object, message: string): void;
}

const RECONNECT_MIN_MS = 1000;
/** Low enough that after an outage the LISTEN is back within seconds of the database (the workers poll meanwhile). */
const RECONNECT_MAX_MS = 5000;

export async function listenToChannel(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const dropped = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    handlers.onDown?.();
    failed.end().catch(() => undefined);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error, channel }, `the ${channel} connection failed; ${handlers.meanwhile} until it is back`);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    handlers.onUp?.();
  };

  function reconnectLater() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        // Once per outage: every further attempt would say the same while the database is away.
        if (retryMs === RECONNECT_MIN_MS)
          logger.warn({ err: error, channel }, `the ${channel} connection could not be reopened; ${handlers.meanwhile} meanwhile`);
        retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
        reconnectLater();
      });
    }, retryMs);
    timer.unref();
  }

  try {
    await connect();
  } catch (error) {
    logger.warn({ err: error, channel }, `the ${channel} connection could not be opened; ${handlers.meanwhile} meanwhile`);
    reconnectLater();
  }
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const open = client;
      client = undefined;
      if (open) handlers.onDown?.();
      await open?.end().catch(() => undefined);
    },
  };
}
