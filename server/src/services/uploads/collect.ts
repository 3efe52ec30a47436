/**
 * Recording uploads a browser sent straight to an Azure storage account (ADR 15). Azure takes the
 * PUT, so Canopy learns of the files when the client reports the upload done — its check that the
 * server has a record (`GET /api/project/{id}/uploads/?uuid=`). Then, for the grant of that uuid
 * and that project only, each file in the upload's staging container is:
 *
 * - dropped unless it is exactly `{uuid}/{filename}` with a valid file name (what the local store's
 *   signature allows: one level below the upload's own uuid);
 * - refused and dropped when larger than UPLOAD_MAX_BYTES (Azure cannot cap a PUT's size);
 * - otherwise read once through the same inspector as a local PUT (size cap, SHA-256, sniffing),
 *   written to the real container under `{uuid}/{filename}` (all or nothing), recorded against the
 *   grant's project and user, and deleted from staging.
 *
 * Collecting twice (two API processes, a retried check) records the same file once: the record is
 * an upsert on (container, uuid, filename) and the final blob is replaced whole.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { uploadGrants } from '../../db/schema/index.ts';
import { segmentProblem } from '../../blobs/blob-names.ts';
import { BodyTooLargeError, inspectBody } from '../../blobs/upload-inspector.ts';
import { surroundsFromFirstMapUpload } from '../projects/site-data-on-create.ts';
import { recordUpload, type UploadRow } from './record.ts';

export interface RefusedUpload {
  filename: string;
  reason: string;
}

export interface Collected {
  recorded: UploadRow[];
  refused: RefusedUpload[];
}

function tooLarge(filename: string, size: number | null, limit: number): RefusedUpload {
  const what = size === null ? 'is larger than' : `is ${size} bytes, over`;
  return { filename, reason: `${filename} ${what} the upload limit of ${limit} bytes; it was not kept.` };
}

export async function collectStagedUploads(deps: AppDeps, db: Db, projectId: number, uuid: string): Promise<Collected> {
  const out: Collected = { recorded: [], refused: [] };
  const staging = deps.blobStore.staging;
  if (!staging) return out;
  const [grant] = await db.select().from(uploadGrants).where(eq(uploadGrants.uuid, uuid));
  // Only the uuid this project was issued: nothing is recorded against a project from another's URL.
  if (!grant || grant.projectId !== projectId) return out;
  const ref = { container: grant.container, uuid };
  const limit = deps.config.UPLOAD_MAX_BYTES;
  for await (const staged of staging.list(ref)) {
    const filename = staged.name.startsWith(`${uuid}/`) ? staged.name.slice(uuid.length + 1) : null;
    if (filename === null || segmentProblem(filename)) {
      await staging.delete(ref, staged.name);
      continue;
    }
    if (staged.size > limit) {
      await staging.delete(ref, staged.name);
      out.refused.push(tooLarge(filename, staged.size, limit));
      continue;
    }
    const download = await staging.get(ref, staged.name);
    // Gone meanwhile: another process collected it.
    if (!download) continue;
    const body = inspectBody(download.stream, limit);
    const key = { container: grant.container, name: staged.name };
    try {
      await deps.blobStore.put(key, body.stream);
    } catch (error) {
      download.stream.destroy();
      if (!(error instanceof BodyTooLargeError)) throw error;
      await staging.delete(ref, staged.name);
      out.refused.push(tooLarge(filename, null, limit));
      continue;
    }
    const upload = await recordUpload(deps, db, grant, filename, body, deps.clock.now());
    await staging.delete(ref, staged.name, download.properties.etag);
    out.recorded.push(upload);
    // A project created with generateSurrounds builds them from its first map upload (as the local PUT does).
    surroundsFromFirstMapUpload(deps, db, upload);
  }
  return out;
}
