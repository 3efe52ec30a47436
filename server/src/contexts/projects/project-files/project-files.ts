/**
 * Project files: uploads (project-asset-upload-url/ → PUT, recorded in `uploads` by the uploads
 * capability) attached to the project. Only an upload of this project's project-assets container
 * can be attached — an upload id from another project is "does not exist", never a way to read it.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { jsonRows, rowFromJson } from '../../../db/json-rows.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectFiles, uploads } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ProjectFile, SaveProjectFile } from '@canopy/contract/project-files.ts';
import { requireChangeableProject } from '../access.ts';

const columns = {
  id: projectFiles.id,
  projectId: projectFiles.projectId,
  uploadId: projectFiles.uploadId,
  name: projectFiles.name,
  description: projectFiles.description,
  attachedBy: projectFiles.attachedBy,
  createdAt: projectFiles.createdAt,
  filename: uploads.filename,
  size: uploads.size,
  contentType: uploads.contentType,
  format: uploads.format,
};

function selectFiles(db: Db) {
  return db.select(columns).from(projectFiles).innerJoin(uploads, eq(uploads.id, projectFiles.uploadId));
}

type Row = Awaited<ReturnType<typeof selectFiles>>[number];

function represent(row: Row): ProjectFile {
  return {
    id: row.id,
    project_id: row.projectId,
    upload_id: row.uploadId,
    name: row.name,
    filename: row.filename,
    description: row.description,
    size: row.size,
    content_type: row.contentType,
    format: row.format,
    attached_by: row.attachedBy,
    created: row.createdAt.toISOString(),
  };
}

/** The files of the project whose id is `projectId` (a column of the outer statement), as JSON inside it (project detail). */
export function projectFilesJson(projectId: AnyColumn): SQL<Array<Record<string, unknown>>> {
  return jsonRows(
    columns,
    sql`from ${projectFiles} inner join ${uploads} on ${uploads.id} = ${projectFiles.uploadId} where ${projectFiles.projectId} = ${projectId}`,
    sql`${projectFiles.id}`,
  );
}

export function projectFilesFromJson(json: Array<Record<string, unknown>>): ProjectFile[] {
  return json.map((row) => represent(rowFromJson(columns, row)));
}

export async function saveProjectFile(db: Db, user: AuthUser, projectId: number, input: SaveProjectFile): Promise<{ file: ProjectFile; created: boolean }> {
  await requireChangeableProject(db, user, projectId);
  const { upload_id: uploadId, uuid, filename } = input;
  const which =
    uploadId !== undefined
      ? eq(uploads.id, uploadId)
      : uuid !== undefined && filename !== undefined
        ? and(eq(uploads.uuid, uuid), eq(uploads.filename, filename))
        : null;
  if (!which) throw DomainError.field('upload_id', 'Give upload_id, or the uuid and filename of the upload.');
  const [upload] = await db
    .select({ id: uploads.id, filename: uploads.filename })
    .from(uploads)
    .where(and(eq(uploads.projectId, projectId), eq(uploads.container, 'project-assets'), which));
  if (!upload) {
    throw uploadId !== undefined
      ? DomainError.field('upload_id', `Invalid pk "${input.upload_id}" - object does not exist.`)
      : DomainError.field('uuid', 'No file of this project was uploaded under this uuid and filename.');
  }
  const [inserted] = await db
    .insert(projectFiles)
    .values({ projectId, uploadId: upload.id, name: input.name || upload.filename, description: input.description ?? '', attachedBy: user.id })
    .onConflictDoNothing()
    .returning({ id: projectFiles.id });
  const id = inserted?.id;
  const [row] = await selectFiles(db).where(
    id !== undefined ? eq(projectFiles.id, id) : and(eq(projectFiles.projectId, projectId), eq(projectFiles.uploadId, upload.id)),
  );
  return { file: represent(row!), created: id !== undefined };
}
