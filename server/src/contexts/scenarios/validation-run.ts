/**
 * The body of the 'geometry.validate' job: read the run's STL uploads from the blob store, validate
 * them with engine/geometry (every check of DOMAIN.md §5), store the findings and the verdict, move
 * the scenario on, and publish both. Anything that goes wrong — a missing blob, an internal error —
 * ends the run as failed with the error flag and a message: a validation never stays 'running'.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { configurations, geometryValidations, simulations } from '../../db/schema/index.ts';
import { GEOMETRY_ROLES, GeometryFilesSchema, type GeometryRole } from '@canopy/contract/scenarios.ts';
import { validateScenarioGeometry, type GeometryAsset, type GeometryValidationResult, type ScenarioGeometryInput } from '@canopy/engine/geometry/index.ts';
import type { CpuPool } from '../../jobs/cpu-pool.ts';
import { transferables } from '../../jobs/transfer.ts';
import { publishNotification, publishScenarioStatus } from './events.ts';
import { storeAssetReports, storeFindings } from './findings.ts';
import { uploadBytes, uploadRows } from './geometry.ts';
import { publishValidation, type GeometryValidateInput } from './validation.ts';
import { cfdValidationFindings } from '../compute/index.ts';

export interface ValidationRunServices {
  db: Db;
  blobStore: BlobStore;
  bus?: EventBus;
  /** For the CFD checks of scenarios Canopy's CFD computes (absent: none are made). */
  config?: Parameters<typeof cfdValidationFindings>[0]['config'];
  /**
   * Where the validation itself runs: the job runtime's CPU pool, so a 200 MB STL (seconds of CPU)
   * does not freeze the event loop of the server it shares in the embedded default.
   * Absent: on this thread.
   */
  cpu?: CpuPool;
}

async function setScenarioStatus(db: Db, configurationId: number, status: 'draft' | 'awaiting_approval'): Promise<void> {
  // Only a scenario still waiting for this validation moves (it may have been edited meanwhile).
  const [moved] = await db
    .update(configurations)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(configurations.id, configurationId), eq(configurations.status, 'validating')))
    .returning({ id: configurations.id });
  if (moved) await db.update(simulations).set({ status }).where(eq(simulations.configurationId, configurationId));
}

export async function runGeometryValidation(
  services: ValidationRunServices,
  input: GeometryValidateInput,
  progress: (percent: number, message: string) => Promise<void>,
): Promise<{ status: string; errors: number } | { skipped: string }> {
  const { db } = services;
  const [record] = await db.select().from(geometryValidations).where(eq(geometryValidations.id, input.validationId));
  if (!record || record.run !== input.run) return { skipped: `validation ${input.validationId} run ${input.run} was superseded or deleted` };
  await db
    .update(geometryValidations)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(geometryValidations.id, record.id), eq(geometryValidations.run, input.run)));

  let outcome: {
    status: 'passed' | 'failed';
    error: boolean;
    errorMessage: string | null;
    summary: object;
    findings: object[];
    truncated: boolean;
    assets: object[];
  };
  try {
    const geometry = GeometryFilesSchema.parse(record.geometry);
    const ids = GEOMETRY_ROLES.flatMap((role) => geometry[role]);
    const uploads = await uploadRows(db, input.projectId, ids);
    const nameToId = new Map<string, number>();
    const scenario: ScenarioGeometryInput = {};
    let read = 0;
    for (const role of GEOMETRY_ROLES) {
      const files: GeometryAsset[] = [];
      for (const id of geometry[role]) {
        const upload = uploads.get(id);
        if (!upload) throw new Error(`the ${role} file (upload ${id}) no longer exists`);
        files.push({ name: upload.filename, stl: await uploadBytes(services.blobStore, upload) });
        nameToId.set(`${role}/${upload.filename}`, id);
        await progress((40 * ++read) / Math.max(1, ids.length), `read ${upload.filename}`);
      }
      if (files.length) scenario[role] = files;
    }
    await progress(45, 'validating');
    const stls = Object.values(scenario).flatMap((files) => (files as GeometryAsset[]).map((f) => f.stl));
    const result = services.cpu
      ? await services.cpu.run<GeometryValidationResult>('geometry.validateScenario', scenario, transferables(stls))
      : validateScenarioGeometry(scenario);
    if (services.config) {
      // Canopy's CFD: every file voxelises and the grid fits, or the scenario cannot be approved.
      const cfd = await cfdValidationFindings(
        { db, blobStore: services.blobStore, config: services.config, cpu: services.cpu },
        {
          projectId: input.projectId,
          configurationId: record.configurationId,
          geometry,
          uploadNames: new Map([...uploads].map(([id, u]) => [id, u.filename])),
        },
      );
      result.findings.push(...cfd);
      for (const f of cfd) result.summary[f.severity === 'error' ? 'errors' : f.severity === 'warning' ? 'warnings' : 'infos']++;
      if (cfd.some((f) => f.severity === 'error')) result.passed = false;
    }
    const uploadIdOf = (role: GeometryRole | undefined, asset: string | undefined) => (role && asset ? (nameToId.get(`${role}/${asset}`) ?? null) : null);
    const stored = storeFindings(result.findings, uploadIdOf);
    const firstError = result.findings.find((f) => f.severity === 'error');
    outcome = {
      status: result.passed ? 'passed' : 'failed',
      error: !result.passed,
      errorMessage: firstError ? `${result.summary.errors} error${result.summary.errors === 1 ? '' : 's'}; first: ${firstError.message}` : null,
      summary: result.summary,
      findings: stored.findings,
      truncated: stored.truncated,
      assets: storeAssetReports(result.assets, uploadIdOf),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    outcome = {
      status: 'failed',
      error: true,
      errorMessage: `The validation could not run: ${message}`,
      summary: { errors: 1, warnings: 0, infos: 0 },
      findings: [],
      truncated: false,
      assets: [],
    };
  }

  const [saved] = await db
    .update(geometryValidations)
    .set({
      status: outcome.status,
      error: outcome.error,
      errorMessage: outcome.errorMessage,
      summary: outcome.summary,
      findings: outcome.findings,
      findingsTruncated: outcome.truncated,
      assets: outcome.assets,
      updatedAt: new Date(),
      finishedAt: new Date(),
    })
    .where(and(eq(geometryValidations.id, record.id), eq(geometryValidations.run, input.run)))
    .returning();
  if (!saved) return { skipped: `validation ${record.id} run ${input.run} was superseded while it ran` };
  await setScenarioStatus(db, record.configurationId, outcome.status === 'passed' ? 'awaiting_approval' : 'draft');
  await publishValidation(services, input.projectId, saved);
  await publishScenarioStatus(db, services.bus, record.configurationId);
  await publishNotification(
    services.bus,
    input.projectId,
    record.configurationId,
    outcome.status === 'passed' ? 'success' : 'danger',
    outcome.status === 'passed' ? 'Geometry validation passed.' : `Geometry validation failed: ${outcome.errorMessage ?? 'see the findings'}`,
  );
  return { status: outcome.status, errors: (outcome.summary as { errors: number }).errors };
}
