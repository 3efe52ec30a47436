/**
 * remesh-stl/: repairs one of the scenario's STL files with engine/geometry/repair (merge near
 * vertices, drop collapsed and duplicate triangles, fix winding, close holes up to a width) into
 * a new upload (the repaired STL, usable as a geometry file) and a new geometry asset, linked from
 * the source file's asset through `remeshed_assets`. By default the repaired file replaces the
 * original in the scenario: the source asset is kept for the link but set to layer_type
 * 'geometry-superseded' (analyses and the viewer read 'geometry' only), and the last validation no
 * longer speaks for the files, so the scenario returns to draft.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { assets, configurations, geometryValidations, simulations, uploads } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import type { RemeshRequest, RemeshResult, ScenarioForm } from '@canopy/contract/scenarios.ts';
import type { RemeshOutcome, RemeshTaskInput } from './heavy-tasks.ts';
import { transferables } from '../../jobs/transfer.ts';
import { geometryAssetRow, putGeometryGlb } from '../compute/index.ts';
import { putBytes } from '../../blobs/blob-io.ts';
import { requireChangeScenario, scenarioRow, simulationRow } from './access.ts';
import { publishScenarioStatus } from './events.ts';
import { storeFindings } from './findings.ts';
import { GEOMETRY_TYPE, uploadBytes, uploadRows } from './geometry.ts';
import { asStatus, EDITABLE } from './status.ts';

type Ids = { projectId: number; configurationId: number; simulationId: number };

export const DEFAULT_REMESH_HOLE_WIDTH_M = 0.5;

function remeshedName(filename: string): string {
  const base = filename.replace(/\.stl$/i, '');
  return `${base}-remeshed.stl`;
}

export async function remeshStl(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, body: RemeshRequest): Promise<RemeshResult> {
  await requireChangeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, config.id, ids.simulationId);
  if (!EDITABLE.includes(asStatus(config.status)))
    throw DomainError.detail('invalid', `The scenario is ${config.status.replaceAll('_', ' ')}: its geometry can no longer be changed.`);
  const form = config.form as ScenarioForm;
  if (!form.geometry[body.role].includes(body.upload_id))
    throw DomainError.field('upload_id', `Upload ${body.upload_id} is not one of the scenario's ${body.role} files.`);
  const source = (await uploadRows(db, ids.projectId, [body.upload_id])).get(body.upload_id);
  if (!source) throw DomainError.field('upload_id', `Invalid pk "${body.upload_id}" - object does not exist.`);

  // Reading, repairing and checking a large STL is seconds of CPU: in the heavy-work pool, counted
  // against the user's allowance.
  const filename = remeshedName(source.filename);
  const bytes = await uploadBytes(deps.blobStore, source);
  const outcome = await deps.heavy.run<RemeshOutcome>(
    user.id,
    'geometry.remesh',
    {
      bytes,
      filename,
      role: body.role,
      weldToleranceM: body.weld_tolerance_m,
      maxHoleWidthM: body.max_hole_width_m ?? DEFAULT_REMESH_HOLE_WIDTH_M,
      header: `remeshed ${source.filename}`,
    } satisfies RemeshTaskInput,
    transferables([bytes]),
  );
  if (!outcome.ok) {
    if ('unreadable' in outcome) throw DomainError.field('upload_id', `${source.filename} cannot be read: ${outcome.unreadable}`);
    throw DomainError.field(
      'upload_id',
      `${source.filename} has no usable triangles: every one is degenerate (zero area) or a duplicate, so there is nothing to repair.`,
    );
  }
  const { check, stl } = outcome;

  // Blobs first (a failed transaction leaves only unreferenced blobs, never rows without blobs).
  const uuid = randomUUID();
  await putBytes(deps.blobStore, { container: 'assets', name: `${uuid}/${filename}` }, stl);
  const provenance = { engine: 'canopy', version: deps.version, source: source.filename, repair: 'engine/geometry/repair' };
  const newKey = await putGeometryGlb(deps.blobStore, `scenarios/configuration-${config.id}/remeshed-${uuid}.glb`, outcome.repaired, provenance);
  const sourceKey = await putGeometryGlb(deps.blobStore, `scenarios/configuration-${config.id}/upload-${source.id}.glb`, outcome.source, {
    engine: 'canopy',
    version: deps.version,
    source: source.filename,
  });
  const geometryType = GEOMETRY_TYPE[body.role];

  const result = await db.transaction(async (tx) => {
    const [upload] = await tx
      .insert(uploads)
      .values({
        projectId: ids.projectId,
        container: 'assets',
        uuid,
        filename,
        size: stl.byteLength,
        sha256: createHash('sha256').update(stl).digest('hex'),
        contentType: 'model/stl',
        format: 'stl-binary',
        uploadedBy: user.id,
      })
      .returning({ id: uploads.id });
    const [existing] = await tx
      .select({ id: assets.id, remeshed: assets.remeshedAssets })
      .from(assets)
      .where(and(eq(assets.simulationId, sim.id), sql`(${assets.metadata} ->> 'upload_id')::int = ${source.id}`));
    const sourceAsset =
      existing ??
      (
        await tx
          .insert(assets)
          .values({
            ...geometryAssetRow(sim.id, geometryType, source.filename, sourceKey),
            metadata: { units: 'm', format: 'glb', upload_id: source.id, role: body.role },
          })
          .returning({ id: assets.id, remeshed: assets.remeshedAssets })
      )[0]!;
    const [created] = await tx
      .insert(assets)
      .values({
        ...geometryAssetRow(sim.id, geometryType, filename, newKey),
        metadata: { units: 'm', format: 'glb', upload_id: upload!.id, role: body.role, remeshed_from: sourceAsset.id, repair: outcome.report },
      })
      .returning({ id: assets.id });
    const linked = [...((sourceAsset.remeshed as number[] | null) ?? []), created!.id];
    await tx
      .update(assets)
      .set({ remeshedAssets: linked, ...(body.replace_in_scenario ? { layerType: 'geometry-superseded', showByDefault: false } : {}) })
      .where(eq(assets.id, sourceAsset.id));
    if (body.replace_in_scenario) {
      const geometry = { ...form.geometry, [body.role]: form.geometry[body.role].map((id) => (id === source.id ? upload!.id : id)) };
      await tx
        .update(configurations)
        .set({ form: { ...form, geometry }, status: 'draft', updatedAt: new Date() })
        .where(eq(configurations.id, config.id));
      await tx.update(simulations).set({ status: 'draft' }).where(eq(simulations.configurationId, config.id));
      await tx.delete(geometryValidations).where(eq(geometryValidations.configurationId, config.id));
    }
    return { uploadId: upload!.id, assetId: created!.id, sourceAssetId: sourceAsset.id };
  });
  await publishScenarioStatus(db, deps.bus, config.id);

  const report = outcome.report;
  return {
    simulation_id: sim.id,
    source_upload_id: source.id,
    upload_id: result.uploadId,
    asset_id: result.assetId,
    source_asset_id: result.sourceAssetId,
    filename,
    triangles_before: report.trianglesBefore,
    triangles_after: report.trianglesAfter,
    merged_vertices: report.verticesMerged,
    flipped_triangles: report.trianglesFlipped,
    holes_closed: report.holesClosed.length,
    holes_left_open: report.holesLeft.length,
    removed_degenerate: report.collapsedTrianglesRemoved + report.duplicateTrianglesRemoved,
    passed: check.passed,
    findings: storeFindings(check.findings, () => result.uploadId).findings,
  };
}
