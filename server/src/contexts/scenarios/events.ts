/**
 * Publishing scenario events on the bus (realtime/bus.ts). A failed publish is logged, never
 * thrown: the change is already committed and clients also poll get-latest-status/.
 */
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { ScenarioEvent } from '@canopy/contract/scenarios.ts';
import { refreshScenarioStatus } from './status.ts';

export async function publishEvent(bus: EventBus | undefined, event: ScenarioEvent): Promise<void> {
  if (!bus) return;
  await bus.publish({ projectId: event.project_id, event }).catch((error: Error) => console.error(`[bus] publish ${event.type} failed: ${error.message}`));
}

/** Re-derives the scenario's status and publishes it. */
export async function publishScenarioStatus(db: Db, bus: EventBus | undefined, configurationId: number): Promise<void> {
  const state = await refreshScenarioStatus(db, configurationId);
  if (!state) return;
  await publishEvent(bus, {
    type: 'scenario.status',
    project_id: state.projectId,
    configuration_id: configurationId,
    status: state.status,
    simulations: state.simulations,
  });
}

export async function publishNotification(
  bus: EventBus | undefined,
  projectId: number,
  configurationId: number | null,
  level: 'info' | 'success' | 'danger',
  message: string,
): Promise<void> {
  await publishEvent(bus, { type: 'notification', project_id: projectId, configuration_id: configurationId, level, message: message.slice(0, 500) });
}
