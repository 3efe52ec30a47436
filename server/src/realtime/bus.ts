/**
 * The live-update bus: what changed in which project, carried from whoever changed it (a request, a
 * job worker — possibly another process) to every server process holding WebSockets, which then
 * delivers it to its connected users who may see that project (bus-delivery.ts).
 *
 * Two transports behind one interface: in-process (embedded PGlite: one process owns the database)
 * and PostgreSQL LISTEN/NOTIFY (bus-pg.ts, when DATABASE_URL is set: several `serve` and `worker`
 * processes). Publishing never delivers directly; delivery happens only on receipt, so a process
 * sees its own messages exactly once on either transport.
 */
import type { Config } from '../env.ts';

/**
 * A message about one project; `event` is a live event ({type, …}) as the WebSocket sends it.
 * `userIds`: sent to these users only, whether or not they may see the project (their own inbox:
 * a pending share's recipient cannot see the project yet).
 */
export interface BusMessage {
  projectId: number;
  event: { type: string } & Record<string, unknown>;
  userIds?: number[];
}

export interface EventBus {
  readonly kind: 'in-process' | 'postgres';
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes; live events are small summaries, never findings. */
export const MAX_BUS_PAYLOAD_BYTES = 7900;

export function encodeBusMessage(message: BusMessage): string {
  const text = JSON.stringify({ p: message.projectId, e: message.event, ...(message.userIds ? { u: message.userIds } : {}) });
  if (Buffer.byteLength(text) > MAX_BUS_PAYLOAD_BYTES)
    throw new RangeError(`live event ${message.event.type} is too large for the bus (${Buffer.byteLength(text)} bytes)`);
  return text;
}

export function decodeBusMessage(text: string): BusMessage | null {
  try {
    const raw = JSON.parse(text) as { p?: unknown; e?: unknown; u?: unknown };
    const event = raw.e as BusMessage['event'] | undefined;
    if (typeof raw.p !== 'number' || !event || typeof event !== 'object' || typeof event.type !== 'string') return null;
    const userIds = Array.isArray(raw.u) ? raw.u.filter((id): id is number => Number.isSafeInteger(id)) : undefined;
    return { projectId: raw.p, event, ...(userIds ? { userIds } : {}) };
  } catch {
    return null;
  }
}

export function createInProcessBus(): EventBus {
  const listeners = new Set<(message: BusMessage) => void>();
  return {
    kind: 'in-process',
    async publish(message) {
      // Same size rule as the PostgreSQL bus, so a test on PGlite catches an event too large for NOTIFY.
      const copy = decodeBusMessage(encodeBusMessage(message))!;
      // After the caller's current work, as a NOTIFY would arrive.
      queueMicrotask(() => {
        for (const listener of listeners) listener(copy);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** The bus of a process: PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set, else in-process. */
export async function openBus(config: Pick<Config, 'DATABASE_URL'>, log: (line: string) => void = console.log): Promise<EventBus> {
  if (!config.DATABASE_URL) return createInProcessBus();
  const { createPgBus } = await import('./bus-pg.ts');
  return createPgBus(config.DATABASE_URL, { log });
}
