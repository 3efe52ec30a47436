/**
 * One simulation's calls beyond its status (SPEC §7 Configuration): the scenario's
 * simulation list, what ingested results recorded about the model or solver, asking again for
 * machine-learning results, and the parameter-input QA report (a PDF).
 */
import type { CancelSimulationResult } from '@canopy/contract/reservations.ts';
import type { ResubmitMlResult, SimulationList, VersionInfo } from '@canopy/contract/scenarios.ts';
import type { ApiClient } from './client.ts';

export type { ResubmitMlResult, SimulationList, VersionInfo };

const simulation = (projectId: number, configurationId: number, simulationId: number) =>
  `/api/project/${projectId}/configuration/${configurationId}/simulation/${simulationId}`;

export function listScenarioSimulations(api: ApiClient, projectId: number, configurationId: number): Promise<SimulationList> {
  return api<SimulationList>(`/api/project/${projectId}/configuration/${configurationId}/simulation/`);
}

export function getVersionInfo(api: ApiClient, projectId: number, configurationId: number, simulationId: number, kind: 'ml' | 'cfd'): Promise<VersionInfo> {
  return api<VersionInfo>(`${simulation(projectId, configurationId, simulationId)}/${kind}-version-info/`);
}

export function resubmitMl(api: ApiClient, projectId: number, configurationId: number, simulationId: number): Promise<ResubmitMlResult> {
  return api<ResubmitMlResult>(`${simulation(projectId, configurationId, simulationId)}/resubmit-ml/`, { method: 'POST' });
}

/** Gives up on results awaited from outside; the credits reserved for them are returned. */
export function cancelSimulation(api: ApiClient, projectId: number, configurationId: number, simulationId: number): Promise<CancelSimulationResult> {
  return api<CancelSimulationResult>(`${simulation(projectId, configurationId, simulationId)}/cancel/`, { method: 'POST' });
}

export function parameterInputQaReport(api: ApiClient, simulationId: number): Promise<Blob> {
  return api<Blob>(`/api/simulation/${simulationId}/parameter-input-qa-report`);
}
