/**
 * geometry-import/: reads one of the project's uploaded models (OBJ, glTF/GLB, IFC, 3DM, or an STL
 * to rescale or turn) in the heavy-work pool and stores the result as a new binary STL upload,
 * which the wizard then attaches to a role like any STL. Progress is published on the project's
 * event stream while the file is read; a file the user can fix is a 400 naming it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import type { AppDeps } from '../../../deps.ts';
import { uploads } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ModelImportRequest, ModelImportResult } from '@canopy/contract/geometry-import.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { putBytes } from '../../../blobs/blob-io.ts';
import { requireChangeScenario } from '../access.ts';
import { publishEvent } from '../events.ts';
import { uploadBytes, uploadRows } from '../geometry.ts';
import type { ModelImportInput, ModelImportOutcome } from './import-model.ts';

/** Most triangles one imported file may have: the STL reader's own limit. */
export const MAX_IMPORT_TRIANGLES = 10_000_000;
/** How long reading one file may take before it stops with a message. */
export const IMPORT_BUDGET_SECONDS = 120;

export function importedName(filename: string): string {
  return `${filename.replace(/\.[^.]+$/, '')}.stl`;
}

export async function importUploadedModel(deps: AppDeps, db: Db, user: AuthUser, projectId: number, body: ModelImportRequest): Promise<ModelImportResult> {
  await requireChangeScenario(db, user, projectId);
  const source = (await uploadRows(db, projectId, [body.upload_id])).get(body.upload_id);
  if (!source || source.container !== 'assets') throw DomainError.field('upload_id', `Invalid pk "${body.upload_id}" - object does not exist.`);
  const bytes = await uploadBytes(deps.blobStore, source);
  const channel = new MessageChannel();
  // Progress as the reader posts it, at most one event per 5 % so the stream is not flooded.
  let published = -1;
  channel.port1.on('message', (percent: number) => {
    if (percent < published + 5 && percent !== 100) return;
    published = percent;
    void publishEvent(deps.bus, { type: 'geometry.import', project_id: projectId, upload_id: source.id, percent });
  });
  let outcome: ModelImportOutcome;
  try {
    outcome = await deps.heavy.run<ModelImportOutcome>(
      user.id,
      'geometry.importModel',
      {
        filename: source.filename,
        bytes,
        units: body.units,
        upAxis: body.up_axis,
        maxTriangles: MAX_IMPORT_TRIANGLES,
        budgetSeconds: IMPORT_BUDGET_SECONDS,
        progress: channel.port2,
      } satisfies ModelImportInput,
      [...transferables([bytes]), channel.port2 as unknown as ArrayBuffer],
    );
  } finally {
    channel.port1.close();
  }
  if (!outcome.ok) throw DomainError.field('upload_id', outcome.message);

  const filename = importedName(source.filename);
  const uuid = randomUUID();
  await putBytes(deps.blobStore, { container: 'assets', name: `${uuid}/${filename}` }, outcome.stl);
  const [row] = await db
    .insert(uploads)
    .values({
      projectId,
      container: 'assets',
      uuid,
      filename,
      size: outcome.stl.byteLength,
      sha256: createHash('sha256').update(outcome.stl).digest('hex'),
      contentType: 'model/stl',
      format: 'stl-binary',
      uploadedBy: user.id,
    })
    .returning({ id: uploads.id });
  return {
    source_upload_id: source.id,
    upload_id: row!.id,
    filename,
    size: outcome.stl.byteLength,
    triangles: outcome.triangles,
    metres_per_unit: outcome.metresPerUnit,
    units_from: outcome.unitsFrom,
    up_axis: outcome.upAxis,
    up_axis_from: outcome.upAxisFrom,
    bounds_m: outcome.bounds,
  };
}
