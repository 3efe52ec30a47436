/**
 * The bus over PostgreSQL LISTEN/NOTIFY: one dedicated connection per process listens on the
 * channel and sends the NOTIFYs. PostgreSQL delivers a notification to every listening session,
 * the sender's included, so every server process (and the sender itself) receives each message once.
 * A dropped connection is reopened with backoff; messages sent while it is down are lost — live
 * updates are a convenience: clients poll get-latest-status/ when the socket is quiet (SPEC §8).
 */
import pg from 'pg';
import { decodeBusMessage, encodeBusMessage, type BusMessage, type EventBus } from './bus.ts';

export const BUS_CHANNEL = 'canopy_live';

export interface PgBusOptions {
  channel?: string;
  log?: (line: string) => void;
}

export async function createPgBus(connectionString: string, options: PgBusOptions = {}): Promise<EventBus> {
  const channel = options.channel ?? BUS_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bus channel "${channel}" must be a plain lower-case identifier`);
  const log = options.log ?? (() => {});
  const listeners = new Set<(message: BusMessage) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let backoffMs = 250;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      const message = decodeBusMessage(n.payload);
      if (message) for (const listener of listeners) listener(message);
    });
    next.on('error', (error) => {
      log(`[bus] connection lost: ${error.message}`);
      if (client === next) client = null;
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    backoffMs = 250;
    return next;
  };

  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (c) => {
        connecting = null;
        if (closed) {
          void c.end();
          throw new Error('the bus is closed');
        }
        client = c;
        return c;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const wait = backoffMs;
    backoffMs = Math.min(backoffMs * 2, 10_000);
    setTimeout(() => void ensure().catch((error: Error) => (log(`[bus] reconnect failed: ${error.message}`), scheduleReconnect())), wait).unref();
  };

  await ensure();

  return {
    kind: 'postgres',
    async publish(message) {
      const payload = encodeBusMessage(message);
      const c = await ensure();
      await c.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
