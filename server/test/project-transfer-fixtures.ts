/**
 * Test fixtures for project export / import: a project with every kind of record the
 * archive carries — uploads and a project file, a parameter set, a met source, a scenario with its
 * simulation, result assets (one re-meshed from another) and a layer set, a geometry validation and
 * an approval, a camera position, a user's chosen layers, a study image, insights with scene views
 * (layer selection), drawings, pin types and pins, image views, a report — and a normaliser that
 * turns a project's rows into a form equal between the source and its import ("modulo ids").
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/deps.ts';
import type { Db } from '../src/db/database.ts';
import {
  assets,
  cameraPositions,
  configurations,
  drawings,
  geometryValidations,
  imageViews,
  insightPins,
  insightPinTypes,
  insights,
  layerSets,
  parameterSets,
  postProcessingTags,
  projectFiles,
  projectMetSources,
  projects,
  reports,
  reportViews,
  sceneViews,
  scenarioApprovals,
  simulations,
  studies,
  userSelectedLayers,
} from '../src/db/schema/index.ts';
import { parseEpw, type Epw } from '@canopy/engine/weather/epw.ts';
import { storeStation } from '../src/contexts/projects/weather/stations.ts';
import { CHICAGO_EPW_PATH } from './world-weather.ts';
import { ASSETS_CONTAINER, formatBlobKey, getBytes, putBytes } from '../src/blobs/blob-io.ts';
import { TABLES, type TableName } from '../src/contexts/transfer/tables.ts';
import { blobKeysOfRow, projectRows, splitKey } from '../src/contexts/transfer/export.ts';
import { planeGlb, seedFixtureResults, uploadFile } from './viewer-fixtures.ts';
import { storeTestImage, testCardPng } from './world-insights.ts';

let chicago: Epw | undefined;
/** The Chicago TMY3 file the tests use, parsed once. */
export function chicagoEpw(): Epw {
  return (chicago ??= parseEpw(readFileSync(CHICAGO_EPW_PATH, 'utf8')));
}

export interface SeededProject {
  projectId: number;
  studyId: number;
  configurationId: number;
  simulationId: number;
  assetIds: number[];
}

/** A project of `companyId` created by `ownerId` with results, insights, drawings and the rest. */
export async function seedTransferProject(deps: AppDeps, ownerId: number, companyId: number, name = 'Harbour Towers'): Promise<SeededProject> {
  const db = deps.database.db;
  const [project] = await db
    .insert(projects)
    .values({ name, location: 'Toronto', latitude: 43.64, longitude: -79.38, companyId, createdBy: ownerId, referenceId: 'HT-1' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const [study] = await db.insert(studies).values({ projectId, name: 'Study 1' }).returning({ id: studies.id });
  const studyId = study!.id;
  const stl = new TextEncoder().encode('solid tower\nendsolid tower\n');
  const towerId = await uploadFile(deps, projectId, ownerId, 'tower.stl', stl);
  const groundId = await uploadFile(deps, projectId, ownerId, 'ground.stl', new TextEncoder().encode('solid ground\nendsolid ground\n'));
  await db.insert(projectFiles).values({ projectId, uploadId: groundId, name: 'Ground survey', description: 'as surveyed', attachedBy: ownerId });
  const [set] = await db
    .insert(parameterSets)
    .values({
      projectId,
      name: 'Lawson',
      analysisType: 'directional_wind',
      values: { wind_directions: 16, return_periods: [50], reference_height_m: 10 },
      createdBy: ownerId,
    })
    .returning({ id: parameterSets.id });
  // A real station, stored as the server stores a fetched one (shared, its hash from its hours).
  const station = await storeStation(db, chicagoEpw(), 'library', 'library:chicago');
  const [met] = await db
    .insert(projectMetSources)
    .values({ projectId, stationId: station!.id, origin: 'library', distanceKm: 20.5, addedBy: ownerId })
    .returning({ id: projectMetSources.id });
  await db.insert(postProcessingTags).values({ projectId, name: 'v2 mesh', description: 'second pass' });
  const form = {
    name: 'Sun hours',
    engine: 'AI',
    analyses: [{ analysis_type: 'solar', metrics: [] }],
    geometry: { study: [towerId], ground: [groundId] },
    met_source_id: met!.id,
    parameter_set_ids: [set!.id],
    seasons: ['annual'],
    times: ['08:00-18:00'],
  };
  const [config] = await db
    .insert(configurations)
    .values({ projectId, studyId, name: 'Sun hours', status: 'completed', simulationType: 'solar', form, createdBy: ownerId })
    .returning({ id: configurations.id });
  const configurationId = config!.id;
  const [sim] = await db
    .insert(simulations)
    .values({ configurationId, category: 'solar', status: 'completed', statusText: 'Done', metSourceId: met!.id })
    .returning({ id: simulations.id });
  const simulationId = sim!.id;
  const assetIds = await seedFixtureResults(deps, simulationId);
  // A re-meshed geometry asset pointing back at its source (ids inside JSON and a list of ids).
  const planeKey = { container: ASSETS_CONTAINER, name: `geometry/simulation-${simulationId}/plane.glb` };
  await putBytes(deps.blobStore, planeKey, await planeGlb());
  const [source] = await db
    .insert(assets)
    .values({
      simulationId,
      layerType: 'geometry',
      filename: 'tower.glb',
      blobKey: formatBlobKey(planeKey),
      geometryType: 'study',
      metadata: { upload_id: towerId, role: 'study' },
    })
    .returning({ id: assets.id });
  const [remeshed] = await db
    .insert(assets)
    .values({
      simulationId,
      layerType: 'geometry',
      filename: 'tower-remeshed.glb',
      blobKey: formatBlobKey(planeKey),
      geometryType: 'study',
      metadata: { upload_id: towerId, remeshed_from: source!.id },
    })
    .returning({ id: assets.id });
  await db
    .update(assets)
    .set({ remeshedAssets: [remeshed!.id] })
    .where(eq(assets.id, source!.id));
  assetIds.push(source!.id, remeshed!.id);
  await db
    .insert(layerSets)
    .values({ simulationId, identifier: { name: 'trees' }, layerType: 'Geometry', filename: 'plane.glb', blobKey: formatBlobKey(planeKey) });
  await db.insert(geometryValidations).values({
    configurationId,
    simulationId,
    simulationType: 'solar',
    geometry: { study: [towerId], ground: [groundId] },
    status: 'passed',
    findings: [{ code: 'open-edges', severity: 'warning', upload_id: towerId }],
    assets: [{ name: 'tower.stl', role: 'study', upload_id: towerId }],
    jobId: 999,
    createdBy: ownerId,
  });
  await db
    .insert(scenarioApprovals)
    .values({ configurationId, approvedBy: ownerId, creditType: 'AI', credits: 4, breakdown: [{ analysis_type: 'sun-hours', credits: 4 }] });
  const [camera] = await db
    .insert(cameraPositions)
    .values({ studyId, name: 'Plaza', camera: { position: [0, -40, 25], target: [0, 0, 0] }, createdBy: ownerId })
    .returning({ id: cameraPositions.id });
  await db.insert(userSelectedLayers).values({ simulationId, userId: ownerId, identifier: String(assetIds[0]), viewId: 'main' });
  const imageId = await storeTestImage(deps, studyId, `card-${projectId}`, testCardPng());
  const [insight] = await db
    .insert(insights)
    .values({ studyId, title: 'Windy corner', text: 'North-east corner', status: 'Published', createdBy: ownerId })
    .returning({ id: insights.id });
  const [view] = await db
    .insert(sceneViews)
    .values({
      insightId: insight!.id,
      name: 'Ground level',
      cameraPositionId: camera!.id,
      camera: { position: [0, -50, 30], target: [0, 0, 0] },
      layerSelection: [{ simulation_id: simulationId, identifier: String(assetIds[1]), view_id: 'main' }],
      simulationId,
      assetId: assetIds[0],
      studyImageId: imageId,
      viewJson: { version: 1 },
    })
    .returning({ id: sceneViews.id });
  await db.insert(drawings).values({
    sceneViewId: view!.id,
    name: 'Arrow',
    drawingJson: { shapes: [{ kind: 'arrow', from: [0, 0], to: [5, 5] }] },
    horizontalTranslationFactor: 0.25,
  });
  const [type] = await db
    .insert(insightPinTypes)
    .values({ insightId: insight!.id, name: 'Concern', colour: '#d1242f', icon: 'warning', templateId: 2 })
    .returning({ id: insightPinTypes.id });
  await db.insert(insightPins).values({
    insightId: insight!.id,
    pinTypeId: type!.id,
    sceneViewId: view!.id,
    item: { position: [1, 2, 1.5], layer_id: String(assetIds[0]), value: 0.7 },
    note: 'Gusty',
  });
  const [imageView] = await db
    .insert(imageViews)
    .values({ insightId: insight!.id, studyImageId: imageId, sceneViewId: view!.id, caption: 'Ground level' })
    .returning({ id: imageViews.id });
  const cover = { project: name, location: 'Toronto', author: 'Owner', version: '1', date: '2026-11-26' };
  const [report] = await db
    .insert(reports)
    .values({ studyId, title: 'Wind report', status: 'Published', cover, createdBy: ownerId })
    .returning({ id: reports.id });
  await db.insert(reportViews).values({ reportId: report!.id, imageViewId: imageView!.id, caption: 'Figure 1' });
  return { projectId, studyId, configurationId, simulationId, assetIds };
}

/** Columns that differ by nature between a project and its import (ids are replaced by positions). */
const VOLATILE: Partial<Record<TableName, string[]>> = {
  projects: ['companyId', 'createdBy', 'updatedAt'],
  uploads: ['uuid'],
  project_surrounds: ['blobContainer', 'blobName'],
};

/**
 * The project's rows with every id (and id inside JSON) replaced by the row's position in its table,
 * users by "user", cleared columns by null and blob keys by the SHA-256 of the blob's bytes.
 */
export async function normalisedProject(deps: AppDeps, db: Db, projectId: number): Promise<Record<string, unknown[]>> {
  const rows = await projectRows(db, projectId);
  const position = new Map<TableName, Map<number, number>>();
  for (const spec of TABLES) position.set(spec.name, new Map((rows.get(spec.name) ?? []).map((r, i) => [r.id as number, i])));
  const id = (table: TableName, old: unknown) => (typeof old === 'number' ? (position.get(table)?.get(old) ?? null) : null);
  const out: Record<string, unknown[]> = {};
  for (const spec of TABLES) {
    const list: unknown[] = [];
    for (const source of rows.get(spec.name) ?? []) {
      const row: Record<string, unknown> = { ...source };
      row.id = id(spec.name, row.id);
      for (const [key, target] of Object.entries(spec.refs)) {
        if (target === 'user') row[key] = row[key] === null ? null : 'user';
        else if (target === 'drop') row[key] = null;
        else row[key] = row[key] === null ? null : id(target, row[key]);
      }
      spec.json?.(row, id);
      if (spec.name === 'assets') {
        row.remeshedAssets = (row.remeshedAssets as number[]).map((a) => id('assets', a));
        const metadata = row.metadata as Record<string, unknown>;
        if (metadata.remeshed_from !== undefined) row.metadata = { ...metadata, remeshed_from: id('assets', metadata.remeshed_from) };
      }
      const hashes: string[] = [];
      for (const key of blobKeysOfRow(spec, source))
        hashes.push(
          createHash('sha256')
            .update(await getBytes(deps.blobStore, splitKey(key)))
            .digest('hex'),
        );
      for (const column of spec.blobKeys ?? []) delete row[column];
      row.blobs = hashes;
      if (Buffer.isBuffer(row.data)) row.data = createHash('sha256').update(row.data).digest('hex');
      for (const column of VOLATILE[spec.name] ?? []) delete row[column];
      list.push(row);
    }
    out[spec.name] = list;
  }
  return out;
}
