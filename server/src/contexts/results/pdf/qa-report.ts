/**
 * GET /api/simulation/{id}/parameter-input-qa-report: a PDF listing every input of the simulation —
 * project and scenario, the analysis and its metrics, each geometry file (name, size, SHA-256), the
 * weather source, seasons, time windows, wind directions, return periods, single day, structural
 * inputs, parameter sets with their values, the geometry validation verdict, the approval and
 * the analysis job's settings as submitted — so a reviewer can check what was computed from what.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import {
  configurations,
  geometryValidations,
  jobs,
  parameterSets,
  projectMetSources,
  projects,
  scenarioApprovals,
  simulations,
  studies,
  weatherStations,
} from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { GEOMETRY_ROLES, type ScenarioForm } from '@canopy/contract/scenarios.ts';
import { loadFonts } from './fonts.ts';
import { PdfWriter } from './writer.ts';
import { engineOf, generatedGeometry, plannedGeometry, requireSeeScenario, simulationJobKey, uploadRows } from '../../scenarios/index.ts';
import { analysisLabel, metricLabel, roleLabel, statusLabel } from '@canopy/engine/results/labels.ts';
import { CFD_ANALYSES, cfdQaLines, demoJobKeys, runStateOf } from '../../compute/index.ts';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export async function qaReport(db: Db, user: AuthUser, simulationId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const [row] = await db
    .select({ sim: simulations, config: configurations, projectName: projects.name, studyName: studies.name })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .innerJoin(studies, eq(studies.id, configurations.studyId))
    .where(eq(simulations.id, simulationId));
  if (!row) throw DomainError.notFound();
  await requireSeeScenario(db, user, row.config.projectId);
  const { sim, config } = row;
  const form = config.form as Partial<ScenarioForm>;
  const analysis = form.analyses?.find((a) => a.analysis_type === sim.category);

  const doc = await PDFDocument.create();
  doc.setTitle(`Parameter input QA — ${config.name} — ${sim.category}`);
  doc.setProducer('Canopy');
  const pdf = new PdfWriter(doc, await loadFonts(doc), 'A4');
  const heading = (text: string) => pdf.text(text, { size: 12, bold: true, after: 4 });
  const line = (label: string, value: unknown) => pdf.text(`${label}: ${show(value)}`, { size: 9, after: 2 });

  pdf.text('Parameter input QA report', { size: 16, bold: true, after: 6 });
  pdf.text(`Generated ${new Date().toISOString()} for ${user.username}`, { size: 8, colour: 'grey', after: 10 });

  heading('Scenario');
  line('Project', `${row.projectName} (id ${config.projectId})`);
  line('Study', `${row.studyName} (id ${config.studyId})`);
  line('Scenario', `${config.name} (id ${config.id})`);
  line('Scenario status', statusLabel(config.status));
  line('Engine (credit type)', engineOf(config));
  line('Simulation type (form value)', config.simulationType);
  pdf.space(6);

  heading('Simulation');
  line('Simulation', `id ${sim.id}`);
  // Human names from the one label table, not raw ids.
  line('Analysis', analysisLabel(sim.category));
  line('Metrics', (analysis?.metrics ?? []).map(metricLabel));
  line('Status', `${statusLabel(sim.status)}${sim.statusText ? ` — ${sim.statusText}` : ''}`);
  const cfd = runStateOf(sim.cfdParameters);
  if (cfd) {
    pdf.space(6);
    heading("Canopy's CFD");
    for (const [label, value] of cfdQaLines(cfd)) line(label, value);
  } else {
    // Only a CFD run has solver parameters: an empty object is not worth a line of braces. A CFD
    // scenario whose run has not started yet is still a CFD run: say when they will be recorded.
    // The demo keeps its analysis settings there too: the job's settings below show them.
    const given =
      sim.cfdParameters && typeof sim.cfdParameters === 'object'
        ? Object.entries(sim.cfdParameters as Record<string, unknown>).filter(([k]) => k !== 'analysis')
        : [];
    const none =
      engineOf(config) !== 'CFD' || !(CFD_ANALYSES as readonly string[]).includes(sim.category)
        ? 'none (not a CFD run)'
        : sim.status === 'queued' || sim.status === 'running'
          ? 'not recorded yet (the solver records them when the run starts)'
          : "none (not computed by Canopy's CFD)";
    line('CFD parameters', given.length ? given.map(([k, v]) => `${k.replaceAll('_', ' ')}: ${show(v)}`).join('; ') : none);
  }
  pdf.space(6);

  heading('Geometry files');
  const geometry = form.geometry;
  const ids = geometry ? GEOMETRY_ROLES.flatMap((r) => geometry[r] ?? []) : [];
  const uploads = await uploadRows(db, config.projectId, ids);
  const generated = await generatedGeometry(db, config.id, { demo: (config.form as { generator?: unknown }).generator === 'demo' });
  for (const role of GEOMETRY_ROLES) {
    const files = geometry?.[role] ?? [];
    const made = generated.get(role) ?? (files.length === 0 ? await plannedGeometry(db, config.projectId, role, form) : null);
    if (made) line(roleLabel(role), made);
    else if (files.length === 0) line(roleLabel(role), 'none');
    for (const id of files) {
      const u = uploads.get(id);
      line(roleLabel(role), u ? `${u.filename} (upload ${id}, ${u.size} bytes, ${u.format}, SHA-256 ${u.sha256})` : `upload ${id} (no longer stored)`);
    }
  }
  pdf.space(6);

  heading('Weather and periods');
  if (form.met_source_id) {
    const [met] = await db
      .select({ name: weatherStations.name, metId: weatherStations.metId })
      .from(projectMetSources)
      .innerJoin(weatherStations, eq(weatherStations.id, projectMetSources.stationId))
      .where(eq(projectMetSources.id, form.met_source_id));
    line('Met source', met ? `${met.name} (${met.metId})` : `project met source ${form.met_source_id}`);
  } else line('Met source', "the weather library's station nearest the project");
  line('Seasons', form.seasons);
  line('Time windows', form.times);
  line('Wind directions', form.wind_directions);
  line(
    'Return periods (years) per criterion',
    Object.entries(form.return_periods ?? {}).map(([k, v]) => `${k}: ${v.join(', ')}`),
  );
  line('Single date', form.single_date);
  line('Single-day hours', form.single_day_hours);
  line('Minutes interval', form.minutes_interval);
  pdf.space(6);

  heading('Structure and loads');
  line('Structural origin (m)', form.structural_origin ? `x ${form.structural_origin.x}, y ${form.structural_origin.y}, z ${form.structural_origin.z}` : null);
  line('Frontal areas (m²)', form.frontal_areas ? `x ${form.frontal_areas.x_m2}, y ${form.frontal_areas.y_m2}` : null);
  line('Reference height (m)', form.reference_height_m);
  line('Internal pressure coefficient', form.internal_pressure_coefficient);
  pdf.space(6);

  heading('Parameter sets');
  const setIds = form.parameter_set_ids ?? [];
  const sets = setIds.length
    ? await db
        .select()
        .from(parameterSets)
        .where(and(eq(parameterSets.projectId, config.projectId), inArray(parameterSets.id, setIds)))
        .orderBy(asc(parameterSets.id))
    : [];
  if (sets.length === 0) line('Parameter sets', 'none');
  for (const set of sets) line(`${set.name} (${set.analysisType}, id ${set.id})`, set.values);
  pdf.space(6);

  heading('Geometry validation');
  const [validation] = await db.select().from(geometryValidations).where(eq(geometryValidations.configurationId, config.id));
  if (!validation) line('Validation', 'not run');
  else {
    const summary = validation.summary as { errors?: number; warnings?: number; infos?: number };
    line('Result', `${validation.status}${validation.error ? ' (error flag set)' : ''}, run ${validation.run}`);
    line('Findings', `${summary.errors ?? 0} errors, ${summary.warnings ?? 0} warnings, ${summary.infos ?? 0} information`);
    line('Warnings acknowledged', validation.warningsAcknowledged ? 'yes' : 'no');
  }
  pdf.space(6);

  heading('Approval and submission');
  const [approval] = await db.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config.id));
  line(
    'Approval',
    approval
      ? `${approval.credits} ${approval.creditType} credits, ${approval.approvedAt.toISOString()} (subscription ${approval.subscriptionId ?? '—'})`
      : 'not approved',
  );
  // A submitted scenario's job, or the demo's (seeded with keys of its own).
  const [job] = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.dedupeKey, [simulationJobKey(sim.id), ...demoJobKeys(sim.category, sim.id)]));
  line('Analysis job', job ? `${job.type} #${job.id}, ${job.status}, attempt ${job.attempts}` : 'none (not computed by Canopy, or not submitted)');
  if (job) line('Job settings', (job.input as { settings?: unknown }).settings ?? {});

  pdf.numberPages();
  const safe = `${config.name}-${sim.category}`.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80);
  return { bytes: await doc.save(), filename: `parameter-input-qa-${safe}.pdf` };
}
