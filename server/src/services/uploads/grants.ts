/**
 * Upload URLs (SPEC §3 upload data, §7 asset-upload-url/ and project-asset-upload-url/): for a user
 * who may change the project, a fresh uuid, a grant row that remembers who it was issued to, and a
 * signature that lets the client PUT files under that uuid — create/write only, for one hour.
 */
import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { uploadGrants, type BlobContainer } from '../../db/schema/index.ts';
import { requireChangeableProject } from '../projects/access.ts';

export const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;

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
  const uuid = randomUUID();
  const expiresOn = new Date(deps.clock.now().getTime() + UPLOAD_URL_LIFETIME_MS);
  // An expired grant can never be used again (its signature has expired with it): tidy as we go.
  await db.delete(uploadGrants).where(lt(uploadGrants.expiresAt, deps.clock.now()));
  await db.insert(uploadGrants).values({ uuid, container, projectId, issuedTo: user.id, expiresAt: expiresOn });
  const url = deps.blobStore.createUploadUrl({ container, prefix: uuid, permissions: ['c', 'w'], expiresOn, origin });
  return { container_url: url.containerUrl, uuid, sas_token: url.sasToken };
}
