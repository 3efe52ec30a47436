/**
 * Scenario (configuration) calls (SPEC §7 Configuration; API.md paths), and the one
 * translation between the wizard's form values (text as typed) and the server's body. Types come
 * from the server's contract (type-only), so an API change breaks the type check here.
 */
import type { ModelImportRequest, ModelImportResult } from '@canopy/contract/geometry-import.ts';
import type {
  Configuration,
  CostBreakdown,
  CreateConfiguration,
  DuplicateScenario,
  GeometryValidation,
  GeometryValidationPatch,
  GeometryValidationRequest,
  LatestStatus,
  RemeshRequest,
  RemeshResult,
  ScenarioForm,
  UpdateConfiguration,
  UserApproval,
  UserApprovalResult,
} from '@canopy/contract/scenarios.ts';
import { neededInputs, parseNumber, parseReturnPeriods, parseTimeWindows } from '@machines/scenario-wizard/scenario-inputs.ts';
import { GEOMETRY_ROLES, type GeometryFile, type WizardValues } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { ApiClient } from './client.ts';
import type { Capability, CapabilityList } from '@canopy/contract/capabilities.ts';
import type { RecipeDefaultsRequestSchema, RecipeDefaultsSchema } from '@canopy/contract/analyses.ts';
import type { z } from 'zod';

/** A criterion's recipe: seasons, time windows (the whole day as '00:00-24:00'), return periods, thresholds. */
export type RecipeDefaults = z.infer<typeof RecipeDefaultsSchema>;
type RecipeDefaultsRequest = z.input<typeof RecipeDefaultsRequestSchema>;

export type { Configuration, CostBreakdown, GeometryValidation, LatestStatus, UserApprovalResult };

const config = (projectId: number, configurationId: number) => `/api/project/${projectId}/configuration/${configurationId}`;

export function createConfiguration(api: ApiClient, projectId: number, body: CreateConfiguration): Promise<Configuration> {
  return api<Configuration>(`/api/project/${projectId}/configuration/`, { method: 'POST', body });
}

export function getConfiguration(api: ApiClient, projectId: number, configurationId: number): Promise<Configuration> {
  return api<Configuration>(`${config(projectId, configurationId)}/`);
}

/**
 * Several scenarios at once. There is no list route for configurations: callers learn the ids from
 * the study's simulations (each names its configuration) and read each scenario here. One that
 * cannot be read (deleted in between, or refused) is left out rather than failing the list.
 */
export async function getConfigurations(api: ApiClient, projectId: number, configurationIds: readonly number[]): Promise<Configuration[]> {
  const settled = await Promise.allSettled([...new Set(configurationIds)].map((id) => getConfiguration(api, projectId, id)));
  return settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

export function updateConfiguration(api: ApiClient, projectId: number, configurationId: number, body: UpdateConfiguration): Promise<Configuration> {
  return api<Configuration>(`${config(projectId, configurationId)}/`, { method: 'PUT', body });
}

export function deleteConfiguration(api: ApiClient, projectId: number, configurationId: number): Promise<void> {
  return api<void>(`${config(projectId, configurationId)}/`, { method: 'DELETE' });
}

export function duplicateScenario(api: ApiClient, projectId: number, configurationId: number, body: DuplicateScenario): Promise<Configuration> {
  return api<Configuration>(`${config(projectId, configurationId)}/duplicate-scenario/`, { method: 'POST', body });
}

export function hideScenario(api: ApiClient, projectId: number, configurationId: number, hidden: boolean): Promise<Configuration> {
  return api<Configuration>(`${config(projectId, configurationId)}/hide-scenario/`, { method: 'PATCH', body: { hidden } });
}

export function startGeometryValidation(
  api: ApiClient,
  projectId: number,
  configurationId: number,
  body: GeometryValidationRequest,
): Promise<GeometryValidation> {
  return api<GeometryValidation>(`${config(projectId, configurationId)}/geometry-validation/`, { method: 'POST', body });
}

export function getGeometryValidation(api: ApiClient, projectId: number, configurationId: number): Promise<GeometryValidation> {
  return api<GeometryValidation>(`${config(projectId, configurationId)}/geometry-validation/`);
}

/** PATCH geometry-validation/{id}/: acknowledge the warnings (or re-run with other files). */
export function patchGeometryValidation(
  api: ApiClient,
  projectId: number,
  configurationId: number,
  validationId: number,
  body: GeometryValidationPatch,
): Promise<GeometryValidation> {
  return api<GeometryValidation>(`${config(projectId, configurationId)}/geometry-validation/${validationId}/`, { method: 'PATCH', body });
}

/** POST simulation/{sid}/remesh-stl/: repair one of the scenario's STL files into a new upload that replaces it. */
export function remeshStl(api: ApiClient, projectId: number, configurationId: number, simulationId: number, body: RemeshRequest): Promise<RemeshResult> {
  return api<RemeshResult>(`${config(projectId, configurationId)}/simulation/${simulationId}/remesh-stl/`, { method: 'POST', body });
}

/** What runs on this installation, per analysis and job level. */
export function getCapabilities(api: ApiClient): Promise<Capability[]> {
  return api<CapabilityList>('/api/scenario-capabilities/').then((list) => list.results);
}

export function getCostBreakdown(api: ApiClient, projectId: number, studyId: number, configurationId: number): Promise<CostBreakdown> {
  return api<CostBreakdown>(`/api/project/${projectId}/study/${studyId}/configuration/${configurationId}/user-approval/cost-breakdown/`);
}

export function approveScenario(api: ApiClient, projectId: number, configurationId: number, body: UserApproval): Promise<UserApprovalResult> {
  return api<UserApprovalResult>(`${config(projectId, configurationId)}/user-approval/`, { method: 'POST', body });
}

export function getLatestStatus(api: ApiClient, projectId: number, configurationId: number, simulationId: number): Promise<LatestStatus> {
  return api<LatestStatus>(`${config(projectId, configurationId)}/simulation/${simulationId}/get-latest-status/`);
}

/** POST /api/criteria/{id}/get-recipe-defaults/: the seasons and time windows (and more) a scenario starts from for a criterion. */
export function getRecipeDefaults(
  api: ApiClient,
  criterionId: string,
  body: RecipeDefaultsRequest = { criteria_id: criterionId, criteria_type: 'comfort' },
): Promise<RecipeDefaults> {
  return api<RecipeDefaults>(`/api/criteria/${encodeURIComponent(criterionId)}/get-recipe-defaults/`, { method: 'POST', body });
}

// ---------------------------------------------------------------------------------------------
// Form values ↔ body
// ---------------------------------------------------------------------------------------------

const DAY = '00:00-23:59';

/**
 * The body for the wizard's values. Inputs the chosen analyses do not need are left at the
 * server's defaults (null), so a value typed for an analysis since removed is never sent.
 */
export function bodyFromValues(v: WizardValues): UpdateConfiguration {
  const need = neededInputs(v);
  const num = (text: string) => parseNumber(text) ?? Number.NaN;
  const returnPeriods: Record<string, number[]> = {};
  for (const type of need.returnPeriods) returnPeriods[type] = parseReturnPeriods(v.returnPeriods[type] ?? '') ?? [];
  return {
    name: v.name.trim(),
    engine: v.engine ?? 'AI',
    simulation_type: v.engine ?? '',
    analyses: v.analyses.map((a) => ({ analysis_type: a.analysis_type, metrics: a.metrics })),
    geometry: Object.fromEntries(GEOMETRY_ROLES.map((role) => [role, v.geometry[role].map((f) => f.upload_id)])) as UpdateConfiguration['geometry'],
    project_surrounds: v.projectSurrounds,
    pedestrian_plane: v.pedestrianPlane.generate
      ? { height_m: num(v.pedestrianPlane.heightM), spacing_m: num(v.pedestrianPlane.spacingM), margin_m: num(v.pedestrianPlane.marginM) }
      : null,
    met_source_id: typeof v.metSourceId === 'number' ? v.metSourceId : null,
    // The server keeps seasons and times for every scenario; when no analysis uses them they are the whole year and day.
    seasons: v.seasons.length ? v.seasons : ['annual'],
    times: parseTimeWindows(v.times) ?? [DAY],
    wind_directions: need.winds ? num(v.windDirections) : 16,
    cfd_tier: v.cfdTier,
    ...(v.terrain ? { terrain: v.terrain as ScenarioForm['terrain'] } : {}),
    return_periods: returnPeriods,
    single_date: need.singleDate ? v.singleDate.trim() : null,
    single_day_hours: need.singleDayHours ? v.singleDayHours.trim() : null,
    minutes_interval: need.minutesInterval ? num(v.minutesInterval) : null,
    structural_origin: need.structuralOrigin ? { x: num(v.structuralOrigin.x), y: num(v.structuralOrigin.y), z: num(v.structuralOrigin.z) } : null,
    frontal_areas: need.frontalAreas ? { x_m2: num(v.frontalAreas.x), y_m2: num(v.frontalAreas.y) } : null,
    reference_height_m: need.referenceHeight ? num(v.referenceHeight) : null,
    internal_pressure_coefficient: need.internalPressure ? num(v.internalPressure) : null,
    parameter_set_ids: Object.values(v.parameterSets).filter((id): id is number => typeof id === 'number'),
    terms_accepted: v.termsAccepted,
  };
}

/** The wizard's values for a stored scenario (edit, append); file names come from the project's uploads. */
export function valuesFromForm(
  form: Partial<ScenarioForm>,
  files: ReadonlyMap<number, { filename: string; size: number }>,
  parameterSetTypes: ReadonlyMap<number, string>,
): WizardValues {
  const file = (id: number): GeometryFile => ({ upload_id: id, filename: files.get(id)?.filename ?? `upload ${id}`, size: files.get(id)?.size ?? 0 });
  const text = (n: number | null | undefined, fallback = '') => (n === null || n === undefined ? fallback : String(n));
  const geometry = Object.fromEntries(GEOMETRY_ROLES.map((role) => [role, (form.geometry?.[role] ?? []).map(file)])) as WizardValues['geometry'];
  const parameterSets: WizardValues['parameterSets'] = {};
  for (const id of form.parameter_set_ids ?? []) {
    const type = parameterSetTypes.get(id);
    if (type) parameterSets[type as keyof WizardValues['parameterSets']] = id;
  }
  const returnPeriods: WizardValues['returnPeriods'] = {};
  for (const [key, years] of Object.entries(form.return_periods ?? {})) returnPeriods[key as keyof WizardValues['returnPeriods']] = years.join(', ');
  return {
    name: form.name ?? '',
    engine: form.engine ?? null,
    analyses: (form.analyses ?? []).map((a) => ({ analysis_type: a.analysis_type, metrics: [...(a.metrics ?? [])] })),
    geometry,
    // Scenarios saved before these inputs existed asked for neither.
    projectSurrounds: form.project_surrounds ?? false,
    pedestrianPlane: form.pedestrian_plane
      ? {
          generate: true,
          heightM: String(form.pedestrian_plane.height_m),
          spacingM: String(form.pedestrian_plane.spacing_m),
          marginM: String(form.pedestrian_plane.margin_m),
        }
      : { generate: false, heightM: '1.5', spacingM: '2', marginM: '40' },
    metSourceId: form.met_source_id ?? 'nearest',
    seasons: [...(form.seasons ?? ['annual'])],
    times: (form.times ?? ['08:00-18:00']).join(', '),
    windDirections: text(form.wind_directions, '16'),
    cfdTier: form.cfd_tier ?? 'rapid',
    ...(form.terrain ? { terrain: form.terrain } : {}),
    returnPeriods,
    singleDate: form.single_date ?? '',
    singleDayHours: form.single_day_hours ?? '06:00-20:00',
    minutesInterval: text(form.minutes_interval, '15'),
    structuralOrigin: { x: text(form.structural_origin?.x, '0'), y: text(form.structural_origin?.y, '0'), z: text(form.structural_origin?.z, '0') },
    frontalAreas: { x: text(form.frontal_areas?.x_m2), y: text(form.frontal_areas?.y_m2) },
    referenceHeight: text(form.reference_height_m, '10'),
    internalPressure: text(form.internal_pressure_coefficient, '0'),
    parameterSets,
    termsAccepted: form.terms_accepted ?? false,
  };
}

/** POST geometry-import/: an uploaded OBJ, glTF/GLB, IFC or 3DM model read into a new binary STL upload. */
export function importGeometry(api: ApiClient, projectId: number, body: ModelImportRequest): Promise<ModelImportResult> {
  return api<ModelImportResult>(`/api/project/${projectId}/geometry-import/`, { method: 'POST', body });
}
