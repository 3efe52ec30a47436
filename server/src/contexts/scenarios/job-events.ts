/**
 * Live status for the analysis jobs: the handlers (contexts/compute/handlers/*) write their simulation's status
 * themselves (contexts/compute/analyses/job-run.ts); this wrapper marks the simulation running when a
 * worker picks the job up, and after the handler ends — completed, failed or handed back for a
 * retry — re-derives the scenario's status and publishes it on the bus (NOTIFY when the worker is
 * its own process), so every server delivers it to the users who may see the project.
 */
import { eq } from 'drizzle-orm';
import { simulations } from '../../db/schema/index.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { publishScenarioStatus } from './events.ts';

function targetOf(input: unknown): { configurationId: number; simulationId: number } | null {
  const { configurationId, simulationId } = (input ?? {}) as { configurationId?: unknown; simulationId?: unknown };
  return typeof configurationId === 'number' && typeof simulationId === 'number' ? { configurationId, simulationId } : null;
}

/** Progress is published at most this often (a handler may report every chunk). */
export const PROGRESS_PUBLISH_MS = 2000;

export function withScenarioEvents(handler: JobHandler, bus: EventBus | undefined): JobHandler {
  return async (context) => {
    const target = targetOf(context.job.input);
    if (target) {
      await context.db.update(simulations).set({ status: 'running', statusText: 'Starting' }).where(eq(simulations.id, target.simulationId));
      await publishScenarioStatus(context.db, bus, target.configurationId);
    }
    // Each reported percentage goes out live (throttled), so every place that shows the status shows how far it is.
    let published = 0;
    const progress: typeof context.progress = async (percent, message) => {
      await context.progress(percent, message);
      if (!target || Date.now() - published < PROGRESS_PUBLISH_MS) return;
      published = Date.now();
      await publishScenarioStatus(context.db, bus, target.configurationId).catch(() => {});
    };
    try {
      return await handler({ ...context, progress });
    } finally {
      // After a lost lease the new owner publishes; publishing here too is harmless (same state).
      if (target) await publishScenarioStatus(context.db, bus, target.configurationId).catch(() => {});
    }
  };
}
