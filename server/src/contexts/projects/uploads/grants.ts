/**
 * Upload URLs (SPEC §3 upload data, §7 asset-upload-url/ and project-asset-upload-url/): for a user
 * who may change the project, a fresh uuid, a grant row that remembers who it was issued to, and a
 * signature that lets the client PUT files under that uuid — create/write only, for one hour. On an
 * Azure store the URL is the account's, on a staging container of this upload alone (ADR 16).
 */
import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { uploadGrants, type BlobContainer } from '../../../db/schema/index.ts';
import { requireChangeableProject } from '../access.ts';
import { runInBackground } from '../../../jobs/background.ts';
import { projectCompany, storageFullError, storageLeft } from '../../accounts/index.ts';

export const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
/**
 * How long after its expiry a grant (and an Azure staging container) is kept: a PUT that finished
 * just before the expiry can still be reported done and recorded (collect.ts).
 */
export const UPLOAD_COLLECT_GRACE_MS = 30 * 60 * 1000;
/** Staging containers are swept at most this often per process (each sweep lists the account's). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<AppDeps, number>();

/** Drops the staging areas of long-expired upload URLs, in the background and now and then. */
function sweepStaging(deps: AppDeps, now: Date): void {
  const staging = deps.blobStore.staging;
  if (!staging || now.getTime() - (lastSweep.get(deps) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(deps, now.getTime());
  runInBackground(deps, 'sweep of expired upload staging', async () => {
    await staging.sweep(new Date(now.getTime() - UPLOAD_COLLECT_GRACE_MS));
  });
}

export interface UploadUrlAnswer {
  container_url: string;
  uuid: string;
  sas_token: string;
}

export async function issueUploadUrl(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  projectId: number,
  container: BlobContainer,
  origin: string,
): Promise<UploadUrlAnswer> {
  await requireChangeableProject(db, user, projectId);
  // A company whose storage is full gets no new upload URL (413 with its numbers).
  const companyId = await projectCompany(db, projectId);
  if (companyId !== null && (await storageLeft(db, deps.config, companyId)) <= 0) throw await storageFullError(db, deps.config, companyId);
  const uuid = randomUUID();
  const now = deps.clock.now();
  const expiresOn = new Date(now.getTime() + UPLOAD_URL_LIFETIME_MS);
  // An expired grant can never be used again (its signature has expired with it): tidy as we go.
  await db.delete(uploadGrants).where(lt(uploadGrants.expiresAt, new Date(now.getTime() - UPLOAD_COLLECT_GRACE_MS)));
  sweepStaging(deps, now);
  // The URL first: a store that cannot be reached (503) leaves no grant behind. A staging container
  // made for a grant that then fails to insert is swept with the expired ones.
  const url = await deps.blobStore.createUploadUrl({ container, prefix: uuid, permissions: ['c', 'w'], expiresOn, origin });
  await db.insert(uploadGrants).values({ uuid, container, projectId, issuedTo: user.id, expiresAt: expiresOn });
  return { container_url: url.containerUrl, uuid, sas_token: url.sasToken };
}
