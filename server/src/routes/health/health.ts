/**
 * The health probe: one database round trip at most once a second, however many checks arrive,
 * so a load balancer polling /api/health costs the database nothing under load.
 */
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../deps.ts';

export interface Health {
  status: 'ok' | 'unavailable';
  database: 'pglite' | 'postgres';
  version: string;
}

export function createHealthProbe(database: Database, clock: Clock, version: string, maxAgeMs = 1000) {
  let cached: { at: number; health: Health } | undefined;
  let inFlight: Promise<Health> | undefined;

  async function probe(): Promise<Health> {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind, version };
    } catch {
      return { status: 'unavailable', database: database.kind, version };
    }
  }

  return function health(): Health | Promise<Health> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < maxAgeMs) return cached.health;
    inFlight ??= probe().then((health) => {
      cached = { at: clock.now().getTime(), health };
      inFlight = undefined;
      return health;
    });
    return inFlight;
  };
}
