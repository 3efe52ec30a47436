/**
 * Results viewer calls (SPEC §7 Study, Configuration, Other): the study's simulations with
 * assets, camera positions, zones, the user's chosen layers, post-processing tags, an asset's file, the
 * results import, and reference data. Types come from the server's contract (type-only).
 */
import type { CameraPosition, CameraPositionCreate, Simulation, UserLayer, UserLayersReplace } from '@canopy/contract/viewer.ts';
import type { Zone, ZoneCreate, ZonePatch } from '@canopy/contract/zones.ts';
import type { ApiClient } from './client.ts';

export interface StudyRef {
  projectId: number;
  studyId: number;
}

const study = (s: StudyRef) => `/api/project/${s.projectId}/study/${s.studyId}`;

export function listSimulations(api: ApiClient, s: StudyRef): Promise<Simulation[]> {
  return api<Simulation[]>(`${study(s)}/simulation/`);
}

export function getSimulation(api: ApiClient, s: StudyRef, simulationId: number): Promise<Simulation> {
  return api<Simulation>(`${study(s)}/simulation/${simulationId}/`);
}

export function listCameraPositions(api: ApiClient, s: StudyRef): Promise<CameraPosition[]> {
  return api<CameraPosition[]>(`${study(s)}/camera-position/`);
}

export function createCameraPosition(api: ApiClient, s: StudyRef, body: CameraPositionCreate): Promise<CameraPosition> {
  return api<CameraPosition>(`${study(s)}/camera-position/`, { method: 'POST', body });
}

export function deleteCameraPosition(api: ApiClient, s: StudyRef, id: number): Promise<void> {
  return api<void>(`${study(s)}/camera-position/${id}/`, { method: 'DELETE' });
}

export function listUserLayers(api: ApiClient, s: StudyRef, simulationId: number): Promise<UserLayer[]> {
  return api<UserLayer[]>(`${study(s)}/user-selected-layer/`, { query: { simulation_id: simulationId } });
}

export function replaceUserLayers(api: ApiClient, s: StudyRef, body: UserLayersReplace): Promise<UserLayer[]> {
  return api<UserLayer[]>(`${study(s)}/user-selected-layer/`, { method: 'POST', body });
}

export function removeUserLayer(api: ApiClient, s: StudyRef, id: number): Promise<void> {
  return api<void>(`${study(s)}/user-selected-layer/${id}/`, { method: 'DELETE' });
}

export function deleteAllUserLayers(api: ApiClient, s: StudyRef, simulationId: number): Promise<void> {
  return api<void>(`${study(s)}/user-selected-layer/`, { method: 'DELETE', query: { simulation_id: simulationId } });
}

/** Where the viewer's worker fetches an asset's file (GLB or JSON), with the bearer token. */
export function assetDownloadPath(ids: { projectId: number; configurationId: number; simulationId: number; assetId: number }): string {
  return `/api/project/${ids.projectId}/configuration/${ids.configurationId}/simulation/${ids.simulationId}/simulation-asset/${ids.assetId}/download/`;
}

/** Where a layer set's file (a GLB) is read (GET …/simulation/{sid}/layer-set/{lid}/download/), with the bearer token. */
export function layerSetDownloadPath(ids: { projectId: number; configurationId: number; simulationId: number; layerSetId: number }): string {
  return `/api/project/${ids.projectId}/configuration/${ids.configurationId}/simulation/${ids.simulationId}/layer-set/${ids.layerSetId}/download/`;
}

export function listZones(api: ApiClient, s: StudyRef): Promise<Zone[]> {
  return api<Zone[]>(`${study(s)}/zone/`);
}

export function createZone(api: ApiClient, s: StudyRef, body: ZoneCreate): Promise<Zone> {
  return api<Zone>(`${study(s)}/zone/`, { method: 'POST', body });
}

export function updateZone(api: ApiClient, s: StudyRef, id: number, body: ZonePatch): Promise<Zone> {
  return api<Zone>(`${study(s)}/zone/${id}/`, { method: 'PATCH', body });
}

export function deleteZone(api: ApiClient, s: StudyRef, id: number): Promise<void> {
  return api<void>(`${study(s)}/zone/${id}/`, { method: 'DELETE' });
}
