/**
 * The scenario's cross-field rules (SPEC §5 invalid flags that need more than one field or the
 * database): each failure is a DRF field error naming the field, e.g. {"geometry.study.0": […]}.
 * Single-field bounds are in the contract (contract/src/scenarios.ts); docs/scenarios.md lists both.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { parameterSets, projectMetSources, projects, uploads } from '../../db/schema/index.ts';
import type { Capability } from '@canopy/contract/capabilities.ts';
import type { FieldErrors } from '../../kernel/domain-errors.ts';
import { GEOMETRY_ROLES, type ScenarioForm } from '@canopy/contract/scenarios.ts';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import { LOAD_ANALYSES, NEEDS_PRESENTATION_PLANE } from './analyses.ts';
import { canopyJobType } from './capabilities.ts';
import { CFD_WIND_JOB } from '../compute/index.ts';
import { resolveCriteria } from '../projects/index.ts';

const STL_FORMATS = ['stl-binary', 'stl-ascii'];
const add = (errors: FieldErrors, field: string, message: string) => (errors[field] ??= []).push(message);

/** The comfort criteria a form's pedestrian wind comfort names, each with the field that names it. */
export function comfortMetrics(form: Pick<ScenarioForm, 'analyses'>): Array<{ m: string; field: string }> {
  return form.analyses.flatMap((a, i) =>
    a.analysis_type === 'pedestrian_wind_comfort' ? a.metrics.map((m, j) => ({ m, field: `analyses.${i}.metrics.${j}` })) : [],
  );
}

export async function checkScenarioRules(db: Db, projectId: number, form: ScenarioForm, offer: readonly Capability[]): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const types = form.analyses.map((a) => a.analysis_type);

  const seen = new Set<string>();
  form.analyses.forEach((a, i) => {
    if (seen.has(a.analysis_type)) add(errors, `analyses.${i}.analysis_type`, `"${a.analysis_type}" is chosen twice.`);
    seen.add(a.analysis_type);
  });
  // Comfort criteria: built-in, or a table of the project's company (company-<pk>).
  const metrics = comfortMetrics(form);
  if (metrics.length) {
    const [project] = await db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
    const { unknown } = await resolveCriteria(
      db,
      metrics.map((x) => x.m),
      [project?.companyId ?? null],
    );
    for (const { m, field } of metrics) {
      if (unknown.includes(m))
        add(errors, field, `"${m}" is not a comfort criterion (${CRITERIA.map((c) => c.id).join(', ')}, or a criterion table of the project's company).`);
    }
  }

  // Offered at this job level: Canopy computes it, or an external provider is configured for it
  // (capabilities.ts) — checked here so nothing is saved, validated and priced that cannot run.
  form.analyses.forEach((a, i) => {
    if (!offer.some((c) => c.analysis_type === a.analysis_type && c.engine === form.engine)) {
      const elsewhere = offer.filter((c) => c.analysis_type === a.analysis_type).map((c) => c.engine);
      const hint = elsewhere.length
        ? ` It runs at the ${elsewhere.join(' and ')} level.`
        : ' Neither Canopy nor a configured provider computes it on this installation.';
      add(errors, `analyses.${i}.analysis_type`, `"${a.analysis_type}" is not offered with the ${form.engine} engine.${hint}`);
    }
  });

  // Geometry: every id an STL upload of this project.
  const allIds = GEOMETRY_ROLES.flatMap((role) => form.geometry[role]);
  const found = allIds.length
    ? await db
        .select({ id: uploads.id, format: uploads.format, filename: uploads.filename })
        .from(uploads)
        .where(and(eq(uploads.projectId, projectId), inArray(uploads.id, allIds)))
    : [];
  const byId = new Map(found.map((u) => [u.id, u]));
  for (const role of GEOMETRY_ROLES) {
    form.geometry[role].forEach((id, i) => {
      const upload = byId.get(id);
      if (!upload) add(errors, `geometry.${role}.${i}`, `Invalid pk "${id}" - object does not exist.`);
      else if (!STL_FORMATS.includes(upload.format))
        add(errors, `geometry.${role}.${i}`, `${upload.filename} is not an STL file (it reads as ${upload.format}).`);
    });
  }
  // Canopy's CFD: one run gives both the comfort maps and the directional layers, so one of the two.
  const cfdWind =
    form.engine === 'CFD' ? form.analyses.map((a, i) => [a.analysis_type, i] as const).filter(([t]) => canopyJobType(t, 'CFD') === CFD_WIND_JOB) : [];
  if (cfdWind.length > 1) {
    add(
      errors,
      `analyses.${cfdWind[1]![1]}.analysis_type`,
      'Choose pedestrian wind comfort or directional wind with Canopy’s CFD, not both: the wind-comfort run also writes the directional wind layers, arrows and streamlines.',
    );
  }
  const needsPlane = types.some((t) => NEEDS_PRESENTATION_PLANE.includes(t)) || cfdWind.length > 0;
  if (needsPlane && form.geometry.presentation_planes.length === 0 && form.pedestrian_plane === null) {
    add(
      errors,
      'geometry.presentation_planes',
      'Upload a presentation plane or have Canopy generate a pedestrian plane (pedestrian_plane): the chosen analyses compute their results on it.',
    );
  }

  if (form.met_source_id !== null) {
    const [met] = await db
      .select({ id: projectMetSources.id })
      .from(projectMetSources)
      .where(and(eq(projectMetSources.id, form.met_source_id), eq(projectMetSources.projectId, projectId)));
    if (!met) add(errors, 'met_source_id', `Invalid pk "${form.met_source_id}" - object does not exist.`);
  }
  if (form.parameter_set_ids.length) {
    const sets = await db
      .select({ id: parameterSets.id })
      .from(parameterSets)
      .where(and(eq(parameterSets.projectId, projectId), inArray(parameterSets.id, form.parameter_set_ids)));
    const ok = new Set(sets.map((s) => s.id));
    form.parameter_set_ids.forEach((id, i) => {
      if (!ok.has(id)) add(errors, `parameter_set_ids.${i}`, `Invalid pk "${id}" - object does not exist.`);
    });
  }

  // Single day (sun hours): the date, its hours and the interval go together.
  if (form.single_date !== null) {
    if (form.single_day_hours === null) add(errors, 'single_day_hours', 'Give the hours of the single day (HH:MM-HH:MM).');
    if (form.minutes_interval === null) add(errors, 'minutes_interval', 'Choose the minutes interval for the single day.');
  }
  if (form.single_day_hours !== null && form.single_date === null) add(errors, 'single_date', 'Give the date the single-day hours belong to.');
  for (const [field, value] of [['single_day_hours', form.single_day_hours], ...form.times.map((t, i) => [`times.${i}`, t])] as const) {
    if (value && value.slice(0, 5) >= value.slice(6)) add(errors, field, 'The end of the time window must be after its start.');
  }

  if (types.some((t) => LOAD_ANALYSES.includes(t))) {
    if (form.reference_height_m === null) add(errors, 'reference_height_m', 'Give the reference height (m) for the wind load analyses.');
    if (Object.keys(form.return_periods).length === 0) add(errors, 'return_periods', 'Give return periods (years) for at least one criterion.');
  }
  if (types.includes('pressure') && form.internal_pressure_coefficient === null)
    add(errors, 'internal_pressure_coefficient', 'Give the internal pressure coefficient (−1 to 1) for façade pressures.');
  if (types.includes('structural_loading')) {
    if (form.structural_origin === null) add(errors, 'structural_origin', 'Give the point moments are taken about (x, y, z in metres).');
    if (form.frontal_areas === null) add(errors, 'frontal_areas', 'Give the frontal areas (m²) facing x and y.');
  }
  return errors;
}
