/**
 * The viewer's part of the authorization world: on the analyses world's wind simulation,
 * an asset with a real GLB blob (for simulation-asset download), an uploaded result GLB to ingest,
 * and per role a camera position, a zone and a chosen layer to delete.
 */
import type { AppDeps } from '../src/deps.ts';
import { assets, cameraPositions, layerSets, studyZones, userSelectedLayers } from '../src/db/schema/index.ts';
import { ASSETS_CONTAINER, putBytes } from '../src/blobs/blob-io.ts';
import type { MatrixRole } from './world.ts';
import type { WorldAnalyses } from './world-analyses.ts';
import { planeGlb, uploadFile } from './viewer-fixtures.ts';

export interface WorldViewer {
  /** An asset of `analyses.simulationId` whose GLB is stored. */
  assetId: number;
  /** A layer set file of `analyses.simulationId`, stored. */
  layerSetId: number;
  /** An upload of the project holding a valid result GLB. */
  glbUploadId: number;
  cameraToDelete: Record<MatrixRole, number>;
  cameraToPatch: number;
  zoneToDelete: Record<MatrixRole, number>;
  zoneToPatch: number;
  /** Each signed-in role's own chosen layer (anonymous: the owner's). */
  layerToDelete: Record<MatrixRole, number>;
}

export async function buildWorldViewer(
  deps: AppDeps,
  ids: { projectId: number; studyId: number; ownerId: number; analyses: WorldAnalyses; userIds: Record<Exclude<MatrixRole, 'anonymous'>, number> },
): Promise<WorldViewer> {
  const db = deps.database.db;
  const glb = await planeGlb();
  const name = 'results/world/plane.glb';
  await putBytes(deps.blobStore, { container: ASSETS_CONTAINER, name }, glb);
  const [asset] = await db
    .insert(assets)
    .values({
      simulationId: ids.analyses.simulationId,
      layerType: 'data',
      analysisType: 'wind-directional',
      metric: 'speed-ratio',
      windDirection: '45',
      filename: 'plane.glb',
      blobKey: `${ASSETS_CONTAINER}/${name}`,
    })
    .returning({ id: assets.id });
  const [set] = await db
    .insert(layerSets)
    .values({
      simulationId: ids.analyses.simulationId,
      identifier: { name: 'streamlines', direction: 0 },
      layerType: 'Volumetric',
      filename: 'plane.glb',
      blobKey: `${ASSETS_CONTAINER}/${name}`,
    })
    .returning({ id: layerSets.id });
  const glbUploadId = await uploadFile(deps, ids.projectId, ids.ownerId, 'world-plane.glb', glb);
  const roles = ['anonymous', ...Object.keys(ids.userIds)] as MatrixRole[];
  const cameraToDelete = {} as Record<MatrixRole, number>;
  const layerToDelete = {} as Record<MatrixRole, number>;
  const zoneToDelete = {} as Record<MatrixRole, number>;
  const square = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
  ];
  const camera = { position: [0, -50, 30], target: [0, 0, 0] };
  for (const role of roles) {
    const [c] = await db
      .insert(cameraPositions)
      .values({ studyId: ids.studyId, name: `to delete by ${role}`, camera })
      .returning({ id: cameraPositions.id });
    cameraToDelete[role] = c!.id;
    const [z] = await db
      .insert(studyZones)
      .values({ studyId: ids.studyId, name: `zone to delete by ${role}`, use: 'standing', polygon: square })
      .returning({ id: studyZones.id });
    zoneToDelete[role] = z!.id;
    const userId = role === 'anonymous' ? ids.ownerId : ids.userIds[role];
    const [l] = await db
      .insert(userSelectedLayers)
      .values({ simulationId: ids.analyses.simulationId, userId, identifier: `layer-${role}`, viewId: 'left' })
      .returning({ id: userSelectedLayers.id });
    layerToDelete[role] = l!.id;
  }
  const [patch] = await db.insert(cameraPositions).values({ studyId: ids.studyId, name: 'to patch', camera }).returning({ id: cameraPositions.id });
  const [zone] = await db
    .insert(studyZones)
    .values({ studyId: ids.studyId, name: 'zone to patch', use: 'standing', polygon: square })
    .returning({ id: studyZones.id });
  return { assetId: asset!.id, layerSetId: set!.id, glbUploadId, cameraToDelete, cameraToPatch: patch!.id, zoneToDelete, zoneToPatch: zone!.id, layerToDelete };
}
