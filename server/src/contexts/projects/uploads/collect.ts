/**
 * Recording uploads a browser sent straight to an Azure storage account (ADR 16). Azure takes the
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
 * Collecting twice (two API processes, a retried check) records the same file once: collectors of
 * one upload take turns on its grant's row (SELECT … FOR UPDATE), the record is an upsert on
 * (container, uuid, filename) and the final blob is replaced whole.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { uploadGrants } from '../../../db/schema/index.ts';
import { segmentProblem } from '../../../blobs/blob-names.ts';
import { BodyTooLargeError, inspectBody } from '../../../blobs/upload-inspector.ts';
import { surroundsFromFirstMapUpload } from '../site-data-on-create.ts';
import type { StagedUploadRef, UploadStaging } from '../../../blobs/blob-store.ts';
import { projectCompany, storageFullError, storageLeft } from '../../accounts/index.ts';
import { recordUpload, type UploadGrantRow, type UploadRow } from './record.ts';

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

/** Whether the upload's staging area holds anything: most reports (a repeated check) find it empty and take no lock. */
async function hasStaged(staging: UploadStaging, ref: StagedUploadRef): Promise<boolean> {
  for await (const _ of staging.list(ref)) return true;
  return false;
}

export async function collectStagedUploads(deps: AppDeps, db: Db, projectId: number, uuid: string): Promise<Collected> {
  const out: Collected = { recorded: [], refused: [] };
  const staging = deps.blobStore.staging;
  if (!staging) return out;
  const [issued] = await db.select().from(uploadGrants).where(eq(uploadGrants.uuid, uuid));
  // Only the uuid this project was issued: nothing is recorded against a project from another's URL.
  if (!issued || issued.projectId !== projectId) return out;
  if (!(await hasStaged(staging, { container: issued.container, uuid }))) return out;
  // One collector per upload at a time, across API processes: the grant's row is locked while its
  // files are copied and recorded. A second report waits, then finds them recorded (two copies into
  // one block blob at once would fail: each commit discards the other's uncommitted blocks).
  await db.transaction(async (tx) => {
    const [grant] = await tx.select().from(uploadGrants).where(eq(uploadGrants.uuid, uuid)).for('update');
    if (!grant) return;
    await collectLocked(deps, tx, staging, grant, out);
  });
  // A project created with generateSurrounds builds them from its first map upload (as the local PUT does).
  for (const upload of out.recorded) surroundsFromFirstMapUpload(deps, db, upload);
  return out;
}

async function collectLocked(deps: AppDeps, db: Db, staging: UploadStaging, grant: UploadGrantRow, out: Collected): Promise<void> {
  const uuid = grant.uuid;
  const ref = { container: grant.container, uuid };
  const limit = deps.config.UPLOAD_MAX_BYTES;
  // The company's storage left, spent file by file as they are recorded.
  const companyId = await projectCompany(db, grant.projectId);
  let left = companyId === null ? Infinity : await storageLeft(db, deps.config, companyId);
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
    if (staged.size > left) {
      await staging.delete(ref, staged.name);
      out.refused.push({ filename, reason: (await storageFullError(db, deps.config, companyId!, staged.size)).message });
      continue;
    }
    const download = await staging.get(ref, staged.name);
    // Gone meanwhile (swept).
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
    // Only the version copied: if the client wrote the file again meanwhile, that one stays for the next report.
    await staging.delete(ref, staged.name, download.properties.etag);
    out.recorded.push(upload);
    left -= upload.size;
  }
}
