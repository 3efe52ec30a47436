/**
 * Project export: the project's records (tables.ts) and every blob they point at, as one zip
 * streamed to the caller. Layout (docs/scale-out.md "Moving a project"):
 *
 *   records/{table}.json   an array of rows, column names as in the database
 *   blobs/{container}/{name}
 *   manifest.json          format, source installation, counts, each blob's size and SHA-256
 *
 * The manifest is the last entry: blob hashes are taken while the blobs stream into the zip, so
 * no blob is read twice or held in memory. Every blob is looked up before the first byte is sent,
 * so a project whose records point at a missing blob is refused (409) instead of sending a zip that
 * cannot be imported.
 */
import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { PROJECT_ARCHIVE_FORMAT } from '@canopy/contract/project-transfer.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { BlobKey } from '../../blobs/blob-store.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import { projectAccess } from '../projects/index.ts';
import {
  assets,
  configurations,
  imageViews,
  insightPins,
  insightPinTypes,
  insights,
  layerSets,
  projectMetSources,
  projects,
  reports,
  reportViews,
  sceneViews,
  simulations,
  studies,
  studyImages,
  uploads,
  userSelectedLayers,
  weatherStations,
  cameraPositions,
  drawings,
  geometryValidations,
  scenarioApprovals,
  parameterSets,
  postProcessingTags,
  projectFiles,
  projectSurrounds,
} from '../../db/schema/index.ts';
import { TABLES, toArchiveRow, type TableName, type TableSpec } from './tables.ts';

export interface ManifestBlob {
  /** The entry's path in the zip: blobs/{container}/{name}. */
  path: string;
  container: string;
  name: string;
  size: number;
  sha256: string;
}

export interface ProjectManifest {
  format: typeof PROJECT_ARCHIVE_FORMAT;
  exported_at: string;
  source: { installation: string; version: string; project_id: number; project_name: string };
  /** Rows per table (records/{table}.json). */
  counts: Record<string, number>;
  blobs: ManifestBlob[];
}

export const MANIFEST_ENTRY = 'manifest.json';
export const recordsEntry = (table: string) => `records/${table}.json`;
export const blobEntry = (key: BlobKey) => `blobs/${key.container}/${key.name}`;

/** The blob keys ("{container}/{name}") a row points at. */
export function blobKeysOfRow(spec: TableSpec, row: Record<string, unknown>): string[] {
  if (spec.name === 'uploads') return [`${String(row.container)}/${String(row.uuid)}/${String(row.filename)}`];
  if (spec.name === 'project_surrounds') return [`${String(row.blobContainer)}/${String(row.blobName)}`];
  return (spec.blobKeys ?? []).map((k) => row[k]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

export function splitKey(key: string): BlobKey {
  const slash = key.indexOf('/');
  return { container: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** Project administrators, Org Admins of the owning company and superusers may export; others who see it get 403. */
async function requireExportable(db: Db, user: AuthUser, projectId: number): Promise<void> {
  const access = await projectAccess(db, user, projectId);
  if (!access?.canSee) throw DomainError.notFound();
  if (user.isSuperuser) return;
  if (access.isDemo) throw DomainError.forbidden();
  const orgAdmin = access.isCompanyMember && access.permissions.has('custom_auth.change_user');
  if (!access.isAdministrator && !orgAdmin) throw DomainError.forbidden();
}

const none = sql`false`;
const within = (column: Parameters<typeof inArray>[0], ids: number[]): SQL => (ids.length ? inArray(column, ids) : none);

/** Every row the project owns, per table, as drizzle returns them. */
export async function projectRows(db: Db, projectId: number): Promise<Map<TableName, Array<Record<string, unknown>>>> {
  const out = new Map<TableName, Array<Record<string, unknown>>>();
  const idsOf = (name: TableName) => (out.get(name) ?? []).map((r) => r.id as number);
  const byProject = async (name: TableName, rows: Promise<Array<Record<string, unknown>>>) => out.set(name, await rows);
  await byProject('projects', db.select().from(projects).where(eq(projects.id, projectId)));
  await byProject('studies', db.select().from(studies).where(eq(studies.projectId, projectId)).orderBy(studies.id));
  await byProject('uploads', db.select().from(uploads).where(eq(uploads.projectId, projectId)).orderBy(uploads.id));
  await byProject('project_files', db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId)).orderBy(projectFiles.id));
  await byProject('parameter_sets', db.select().from(parameterSets).where(eq(parameterSets.projectId, projectId)).orderBy(parameterSets.id));
  const met = await db.select().from(projectMetSources).where(eq(projectMetSources.projectId, projectId)).orderBy(projectMetSources.id);
  out.set(
    'weather_stations',
    await db
      .select()
      .from(weatherStations)
      .where(
        within(
          weatherStations.id,
          met.map((m) => m.stationId),
        ),
      )
      .orderBy(weatherStations.id),
  );
  out.set('project_met_sources', met);
  await byProject('project_surrounds', db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId)));
  await byProject(
    'post_processing_tags',
    db.select().from(postProcessingTags).where(eq(postProcessingTags.projectId, projectId)).orderBy(postProcessingTags.id),
  );
  await byProject('configurations', db.select().from(configurations).where(eq(configurations.projectId, projectId)).orderBy(configurations.id));
  const configIds = idsOf('configurations');
  await byProject('simulations', db.select().from(simulations).where(within(simulations.configurationId, configIds)).orderBy(simulations.id));
  const simIds = idsOf('simulations');
  await byProject('assets', db.select().from(assets).where(within(assets.simulationId, simIds)).orderBy(assets.id));
  await byProject('layer_sets', db.select().from(layerSets).where(within(layerSets.simulationId, simIds)).orderBy(layerSets.id));
  await byProject(
    'geometry_validations',
    db.select().from(geometryValidations).where(within(geometryValidations.configurationId, configIds)).orderBy(geometryValidations.id),
  );
  await byProject(
    'scenario_approvals',
    db.select().from(scenarioApprovals).where(within(scenarioApprovals.configurationId, configIds)).orderBy(scenarioApprovals.id),
  );
  const studyIds = idsOf('studies');
  await byProject('camera_positions', db.select().from(cameraPositions).where(within(cameraPositions.studyId, studyIds)).orderBy(cameraPositions.id));
  await byProject(
    'user_selected_layers',
    db.select().from(userSelectedLayers).where(within(userSelectedLayers.simulationId, simIds)).orderBy(userSelectedLayers.id),
  );
  await byProject('study_images', db.select().from(studyImages).where(within(studyImages.studyId, studyIds)).orderBy(studyImages.id));
  await byProject('insights', db.select().from(insights).where(within(insights.studyId, studyIds)).orderBy(insights.id));
  const insightIds = idsOf('insights');
  await byProject('scene_views', db.select().from(sceneViews).where(within(sceneViews.insightId, insightIds)).orderBy(sceneViews.id));
  await byProject(
    'drawings',
    db
      .select()
      .from(drawings)
      .where(within(drawings.sceneViewId, idsOf('scene_views')))
      .orderBy(drawings.id),
  );
  await byProject('insight_pin_types', db.select().from(insightPinTypes).where(within(insightPinTypes.insightId, insightIds)).orderBy(insightPinTypes.id));
  await byProject('insight_pins', db.select().from(insightPins).where(within(insightPins.insightId, insightIds)).orderBy(insightPins.id));
  await byProject('image_views', db.select().from(imageViews).where(within(imageViews.insightId, insightIds)).orderBy(imageViews.id));
  await byProject('reports', db.select().from(reports).where(within(reports.studyId, studyIds)).orderBy(reports.id));
  await byProject(
    'report_views',
    db
      .select()
      .from(reportViews)
      .where(within(reportViews.reportId, idsOf('reports')))
      .orderBy(reportViews.id),
  );
  return out;
}

class HashTap extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** What export and import need of the application (the admin CLI passes the same without an HTTP server). */
export type TransferDeps = Pick<AppDeps, 'blobStore' | 'clock' | 'config' | 'version'>;

export interface ProjectExport {
  filename: string;
  /** The zip; it errors (and ends early) if a blob fails to read midway. */
  stream: Readable;
}

/** A file name for the download: the project's name in safe characters. */
function downloadName(name: string, projectId: number): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${safe || 'project'}-${projectId}.canopy.zip`;
}

/** Checks access, reads the records and looks up every blob; the zip is then produced as it is read. */
export async function exportProject(deps: TransferDeps, db: Db, user: AuthUser | null, projectId: number): Promise<ProjectExport> {
  if (user) await requireExportable(db, user, projectId);
  const rows = await projectRows(db, projectId);
  const project = rows.get('projects')?.[0];
  if (!project) throw DomainError.notFound();
  const keys = new Set<string>();
  for (const spec of TABLES) for (const row of rows.get(spec.name) ?? []) for (const key of blobKeysOfRow(spec, row)) keys.add(key);
  const blobs: BlobKey[] = [];
  for (const key of [...keys].sort()) {
    const blob = splitKey(key);
    if (!(await deps.blobStore.head(blob))) {
      throw DomainError.detail('conflict', `The project cannot be exported: its records point at the blob ${key}, which is not in the blob store.`);
    }
    blobs.push(blob);
  }
  const manifest: ProjectManifest = {
    format: PROJECT_ARCHIVE_FORMAT,
    exported_at: deps.clock.now().toISOString(),
    source: { installation: deps.config.publicUrl, version: deps.version, project_id: projectId, project_name: String(project.name) },
    counts: Object.fromEntries(TABLES.map((spec) => [spec.name, rows.get(spec.name)?.length ?? 0])),
    blobs: [],
  };
  const zip = new ZipFile();
  for (const spec of TABLES) {
    const records = (rows.get(spec.name) ?? []).map((row) => toArchiveRow(spec, row));
    zip.addBuffer(Buffer.from(JSON.stringify(records)), recordsEntry(spec.name));
  }
  const out = new PassThrough();
  zip.outputStream.on('error', (error) => out.destroy(error));
  zip.outputStream.pipe(out);
  // The client went away (or the download failed): stop reading the blob in flight and the rest.
  let stopped = false;
  let inFlight: { source: Readable; tap: HashTap } | null = null;
  out.on('close', () => {
    stopped = true;
    const gone = new Error('the download was closed before the export finished');
    inFlight?.source.destroy();
    inFlight?.tap.destroy(gone);
  });
  void (async () => {
    try {
      for (const blob of blobs) {
        if (stopped) return;
        const download = await deps.blobStore.get(blob);
        if (!download) throw new Error(`blob ${blob.container}/${blob.name} disappeared during the export`);
        const tap = new HashTap();
        inFlight = { source: download.stream, tap };
        const ended = new Promise<void>((resolve, reject) => {
          tap.on('end', resolve);
          tap.on('error', reject);
          download.stream.on('error', reject);
        });
        if (stopped) {
          download.stream.destroy();
          tap.destroy(new Error('the download was closed before the export finished'));
        }
        zip.addReadStream(download.stream.pipe(tap), blobEntry(blob), { compress: false });
        await ended;
        inFlight = null;
        manifest.blobs.push({ path: blobEntry(blob), container: blob.container, name: blob.name, size: tap.bytes, sha256: tap.digest() });
      }
      zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_ENTRY);
      zip.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return { filename: downloadName(String(project.name), projectId), stream: out };
}
