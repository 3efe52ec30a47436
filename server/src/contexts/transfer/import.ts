/**
 * Project import: an archive written by export.ts becomes a new project of the importing user's
 * company, created by that user. In order:
 *
 * 1. the request body is streamed to a temporary file, counted as it arrives (receiveArchive);
 * 2. the zip's directory, the manifest (format, counts), every record file and every blob's size and
 *    SHA-256 are checked, and every reference of every record must resolve inside the archive —
 *    nothing is written before all of this passed (400 naming the problem otherwise);
 * 3. blobs are put into the store (either store) under new names: an upload under a new uuid, any
 *    other blob under `imported/{import uuid}/` — the source project may live on the same
 *    installation, and its blobs are never shared or overwritten;
 * 4. the records are written in one transaction, each id remapped (and the ids inside JSON fields);
 * 5. if 3 or 4 fails, the blobs written so far are deleted again.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, getTableColumns } from 'drizzle-orm';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PROJECT_ARCHIVE_FORMAT, PROJECT_IMPORT_MAX_BYTES, type ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { BlobKey } from '../../blobs/blob-store.ts';
import { segmentProblem } from '../../blobs/blob-names.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import { BLOB_CONTAINERS, assets, projects, weatherStations } from '../../db/schema/index.ts';
import { shareWithDefaultGroup } from '../accounts/index.ts';
import { heldSubscription } from '../scenarios/index.ts';
import { ArchiveRecordError, TABLES, type IdMaps, type TableName, type TableSpec } from './tables.ts';
import { readTable, type ReadTableInput, type ReadTableOutcome } from './read-table.ts';
import { deleteJournal, tempPrefix, writeJournal } from './leftovers.ts';
import { transferables } from '../../jobs/transfer.ts';
import { SNIFF_BYTES, sniffContent } from '../../blobs/content-sniff.ts';
import { findShared, type StationValues } from '../projects/index.ts';
import { MANIFEST_ENTRY, blobEntry, blobKeysOfRow, recordsEntry, type ProjectManifest } from './export.ts';

/**
 * What an archive may inflate to (docs/request-hardening.md). Checked on the sizes the zip's directory
 * declares, before a byte is inflated (yauzl's validateEntrySizes refuses an entry whose bytes are
 * not what it declared): a 247 KB archive whose uploads table inflated to 250 MB took 6.5 GB and
 * the server for minutes.
 */
export const IMPORT_LIMITS = {
  /** One records/{table}.json, parsed as a whole (in the heavy-work pool). */
  tableBytes: 32 * 1024 * 1024,
  /** All records/{table}.json together. */
  recordsBytes: 128 * 1024 * 1024,
  /** manifest.json. */
  manifestBytes: 16 * 1024 * 1024,
  /** Every entry together, blobs included: what the import may write to the store. */
  uncompressedBytes: PROJECT_IMPORT_MAX_BYTES,
};
export type ImportLimits = typeof IMPORT_LIMITS;

/**
 * How far a blob may inflate: the exporter stores blobs uncompressed (ratio 1), and deflate rarely
 * gets real files past 10:1; zeros reach 1,000:1. So a 1 MB request can write at most about 100 MB.
 */
const MAX_BLOB_RATIO = 100;
const BLOB_SLACK_BYTES = 64 * 1024;

/** A problem with the archive itself: answered 400 (413 when it is too large) with its message, and nothing was written. */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'too-large' = 'invalid',
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const archiveError = (message: string, kind: 'invalid' | 'too-large' = 'invalid') => DomainError.detail(kind, message, { archive: [message] });
const tooLarge = (message: string) => new ArchiveError(message, 'too-large');

/** Who may import over HTTP: a member of a company with a subscription assigned (403 otherwise). */
export async function requireImporter(db: Db, user: AuthUser, now: Date): Promise<void> {
  if (user.companyId === null) throw DomainError.detail('forbidden', 'Importing a project needs a company: the project is created in your company.');
  const subscription = await heldSubscription(db, user.id, now);
  if (!subscription) throw DomainError.detail('forbidden', 'Importing a project needs a subscription: ask your company administrator to assign you one.');
  if (subscription.expired) throw DomainError.detail('forbidden', `Your subscription (${subscription.plan}) has expired.`);
}

/**
 * Streams `body` into a new temporary file, refusing (413) past `maxBytes` as soon as it gets there.
 * The caller removes the folder (`cleanup`).
 */
export async function receiveArchive(
  body: Readable,
  declaredLength: string | undefined,
  maxBytes: number,
): Promise<{ file: string; bytes: number; cleanup: () => Promise<void> }> {
  const tooLarge = () =>
    DomainError.detail('too-large', `The archive is too large: at most ${maxBytes} bytes are accepted.`, { archive: [`at most ${maxBytes} bytes`] });
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) {
    body.resume();
    throw tooLarge();
  }
  // Named with this process's id: a server starting after a crash knows whose folder it is (leftovers.ts).
  const dir = await mkdtemp(join(tmpdir(), tempPrefix()));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'archive.zip');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file));
  } catch (error) {
    await cleanup();
    throw error;
  }
  if (bytes === 0) {
    await cleanup();
    throw archiveError('The request has no body: send the exported zip as the request body (Content-Type: application/zip).');
  }
  return { file, bytes, cleanup };
}

/** An entry's bytes, inflated into one buffer of its declared size (already checked against the limits). */
async function readEntryBytes(zip: ZipFile, entry: Entry): Promise<Uint8Array> {
  const out = new Uint8Array(entry.uncompressedSize);
  let at = 0;
  try {
    for await (const chunk of await zip.openReadStreamPromise(entry)) {
      const bytes = chunk as Buffer;
      if (at + bytes.length > out.length) throw new ArchiveError(`${entry.fileName} holds more bytes than the zip declares.`);
      out.set(bytes, at);
      at += bytes.length;
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`${entry.fileName} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return out;
}

async function readJson(zip: ZipFile, entry: Entry): Promise<unknown> {
  const bytes = await readEntryBytes(zip, entry);
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    throw new ArchiveError(`${entry.fileName} is not valid JSON: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
  }
}

/** Refuses (413) an archive that would inflate past the limits, before anything is inflated. */
function checkSizes(entries: Map<string, Entry>, limits: ImportLimits): void {
  let total = 0;
  let records = 0;
  const tables = new Set(TABLES.map((s) => recordsEntry(s.name)));
  for (const [name, entry] of entries) {
    total += entry.uncompressedSize;
    // The exporter stores blobs as they are; one that inflates far past its size in the zip is a bomb.
    if (name.startsWith('blobs/') && entry.uncompressedSize > BLOB_SLACK_BYTES + MAX_BLOB_RATIO * entry.compressedSize)
      throw tooLarge(
        `${name} inflates to ${entry.uncompressedSize} bytes from ${entry.compressedSize} in the archive; a blob may inflate to at most ${MAX_BLOB_RATIO} times its size (plus ${BLOB_SLACK_BYTES} bytes).`,
      );
    if (name === MANIFEST_ENTRY && entry.uncompressedSize > limits.manifestBytes)
      throw tooLarge(`${name} inflates to ${entry.uncompressedSize} bytes; at most ${limits.manifestBytes} bytes are accepted.`);
    if (!tables.has(name)) continue;
    if (entry.uncompressedSize > limits.tableBytes)
      throw tooLarge(`${name} inflates to ${entry.uncompressedSize} bytes; at most ${limits.tableBytes} bytes are accepted for one table.`);
    records += entry.uncompressedSize;
  }
  if (records > limits.recordsBytes)
    throw tooLarge(`The archive's records inflate to ${records} bytes; at most ${limits.recordsBytes} bytes are accepted for all tables together.`);
  if (total > limits.uncompressedBytes) throw tooLarge(`The archive inflates to ${total} bytes; at most ${limits.uncompressedBytes} bytes are accepted.`);
}

/** What the import knows of a blob from its bytes: SHA-256, size and its first bytes (what it is). */
interface BlobFacts {
  sha256: string;
  size: number;
  head: Buffer;
}

async function hashEntry(zip: ZipFile, entry: Entry): Promise<BlobFacts> {
  const hash = createHash('sha256');
  let size = 0;
  const head: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    if (size < SNIFF_BYTES) head.push(bytes.subarray(0, SNIFF_BYTES - size));
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkManifest(value: unknown): ProjectManifest {
  if (!isRecord(value)) throw new ArchiveError('manifest.json is not an object.');
  if (value.format !== PROJECT_ARCHIVE_FORMAT) {
    throw new ArchiveError(
      `manifest.json: the archive's format is ${JSON.stringify(value.format ?? null)}; this installation reads "${PROJECT_ARCHIVE_FORMAT}".`,
    );
  }
  if (!isRecord(value.counts)) throw new ArchiveError('manifest.json: counts is missing.');
  if (!Array.isArray(value.blobs)) throw new ArchiveError('manifest.json: blobs is missing.');
  const containers: readonly string[] = BLOB_CONTAINERS;
  for (const [i, blob] of value.blobs.entries()) {
    const where = `manifest.json: blobs[${i}]`;
    if (
      !isRecord(blob) ||
      typeof blob.container !== 'string' ||
      typeof blob.name !== 'string' ||
      typeof blob.sha256 !== 'string' ||
      typeof blob.size !== 'number'
    ) {
      throw new ArchiveError(`${where} needs container, name, size and sha256.`);
    }
    if (!containers.includes(blob.container)) throw new ArchiveError(`${where}: unknown container "${blob.container}".`);
    const problem = blob.name
      .split('/')
      .map(segmentProblem)
      .find((p) => p !== null);
    if (problem) throw new ArchiveError(`${where}: the blob name ${JSON.stringify(blob.name)} ${problem}.`);
    if (blob.path !== blobEntry({ container: blob.container, name: blob.name }))
      throw new ArchiveError(`${where}: path must be ${blobEntry({ container: blob.container, name: blob.name })}.`);
    if (!/^[0-9a-f]{64}$/.test(blob.sha256)) throw new ArchiveError(`${where}: sha256 is not a hex SHA-256.`);
  }
  return value as unknown as ProjectManifest;
}

const UPLOADS = TABLES.find((spec) => spec.name === 'uploads')!;

/** Parses one table: in the heavy-work pool when the caller gives one (the route), else here (the CLI). */
export type TableReader = (input: ReadTableInput, transferList: ArrayBuffer[]) => Promise<ReadTableOutcome>;
const readHere: TableReader = (input) => Promise.resolve(readTable(input));

/** Opens, reads and checks the whole archive; nothing is written. Throws ArchiveError. */
async function readArchive(file: string, read: TableReader, limits: ImportLimits) {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw new ArchiveError(`The file is not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.has(entry.fileName)) throw new ArchiveError(`The archive holds ${entry.fileName} twice.`);
        entries.set(entry.fileName, entry);
      }
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw new ArchiveError(`The zip archive is damaged: ${error instanceof Error ? error.message : String(error)}`);
    }
    checkSizes(entries, limits);
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw new ArchiveError('The archive has no manifest.json: it was not written by a Canopy project export.');
    const manifest = checkManifest(await readJson(zip, manifestEntry));
    const records = new Map<TableName, Array<Record<string, unknown>>>();
    for (const spec of TABLES) {
      const entry = entries.get(recordsEntry(spec.name));
      const expected = Number(manifest.counts[spec.name] ?? 0);
      if (!entry) {
        if (expected !== 0) throw new ArchiveError(`${recordsEntry(spec.name)} holds 0 records; the manifest says ${String(expected)}.`);
        records.set(spec.name, []);
        continue;
      }
      const bytes = await readEntryBytes(zip, entry);
      const outcome = await read({ table: spec.name, bytes, expected }, transferables([bytes]));
      if (!outcome.ok) throw new ArchiveRecordError(outcome.message);
      records.set(spec.name, outcome.rows);
    }
    if ((records.get('projects') ?? []).length !== 1) throw new ArchiveError('records/projects.json must hold exactly one project.');
    const known = new Set([MANIFEST_ENTRY, ...TABLES.map((s) => recordsEntry(s.name)), ...manifest.blobs.map((b) => b.path)]);
    for (const name of entries.keys()) if (!known.has(name)) throw new ArchiveError(`The archive holds ${name}, which its manifest does not list.`);
    for (const blob of manifest.blobs)
      if (!entries.has(blob.path)) throw new ArchiveError(`${blob.path} is listed in the manifest but missing from the archive.`);
    return { zip, entries, manifest, records };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Streams every blob through SHA-256 and a size check against the manifest; the facts of each from its bytes. */
async function hashBlobs(zip: ZipFile, entries: Map<string, Entry>, manifest: ProjectManifest): Promise<Map<string, BlobFacts>> {
  const facts = new Map<string, BlobFacts>();
  for (const blob of manifest.blobs) {
    let got: BlobFacts;
    try {
      got = await hashEntry(zip, entries.get(blob.path)!);
    } catch (error) {
      throw new ArchiveError(`${blob.path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (got.size !== blob.size) throw new ArchiveError(`${blob.path} has ${got.size} bytes; the manifest says ${blob.size}.`);
    if (got.sha256 !== blob.sha256) throw new ArchiveError(`${blob.path}: SHA-256 ${got.sha256}, the manifest says ${blob.sha256}.`);
    facts.set(`${blob.container}/${blob.name}`, got);
  }
  return facts;
}

/**
 * Every id, reference and blob key of the (parsed) rows checked against the archive, and every blob
 * of the manifest named by some record: a blob nothing points at would only take space in the store.
 */
function checkRecords(manifest: ProjectManifest, raw: Map<TableName, Array<Record<string, unknown>>>): Map<TableName, Array<Record<string, unknown>>> {
  const rows = new Map<TableName, Array<Record<string, unknown>>>();
  const ids = new Map<TableName, Set<number>>();
  const blobs = new Set(manifest.blobs.map((b) => `${b.container}/${b.name}`));
  const referenced = new Set<string>();
  for (const spec of TABLES) {
    const list: Array<Record<string, unknown>> = [];
    const seen = new Set<number>();
    for (const [i, row] of (raw.get(spec.name) ?? []).entries()) {
      const where = `${recordsEntry(spec.name)}[${i}]`;
      if (typeof row.id !== 'number' || !Number.isSafeInteger(row.id) || seen.has(row.id)) throw new ArchiveRecordError(`${where}: id is missing or repeated`);
      seen.add(row.id);
      for (const [key, target] of Object.entries(spec.refs)) {
        const ref = row[key];
        if (ref === null || ref === undefined || target === 'user' || target === 'drop') continue;
        if (!ids.get(target)?.has(ref as number)) {
          const column = getTableColumns(spec.table)[key]!.name;
          throw new ArchiveRecordError(`${where}: ${column} ${JSON.stringify(ref)} is not a record of ${recordsEntry(target)}`);
        }
      }
      for (const key of blobKeysOfRow(spec, row)) {
        if (!blobs.has(key)) throw new ArchiveRecordError(`${where}: the blob ${key} is not in the archive`);
        referenced.add(key);
      }
      if (spec.name === 'weather_stations') {
        // Bytes come back from the pool's thread as a Uint8Array; the database driver takes a Buffer.
        const station = row.station as StationValues;
        row.station = { ...station, data: Buffer.from(station.data.buffer, station.data.byteOffset, station.data.byteLength) };
      }
      list.push(row);
    }
    rows.set(spec.name, list);
    ids.set(spec.name, seen);
  }
  const unreferenced = manifest.blobs.find((b) => !referenced.has(`${b.container}/${b.name}`));
  if (unreferenced) throw new ArchiveRecordError(`${unreferenced.path} is not named by any record of the archive: only blobs records point at are imported`);
  return rows;
}

/** An upload's size, SHA-256 and type, from its bytes (as recording an upload does), not from the archive's word. */
function uploadFacts(blob: BlobFacts): { size: number; sha256: string; contentType: string; format: string } {
  const sniffed = sniffContent(blob.head, blob.size);
  return { size: blob.size, sha256: blob.sha256, contentType: sniffed.contentType, format: sniffed.format };
}

/** New blob names: an upload's under a new uuid, everything else under imported/{uuid}/. */
function newBlobNames(
  rows: Map<TableName, Array<Record<string, unknown>>>,
  manifest: ProjectManifest,
): { keys: Map<string, BlobKey>; uuids: Map<string, string>; batch: string } {
  const keys = new Map<string, BlobKey>();
  const uuids = new Map<string, string>();
  for (const upload of rows.get('uploads') ?? []) {
    const fresh = randomUUID();
    uuids.set(String(upload.uuid), fresh);
    keys.set(`${String(upload.container)}/${String(upload.uuid)}/${String(upload.filename)}`, {
      container: String(upload.container),
      name: `${fresh}/${String(upload.filename)}`,
    });
  }
  const batch = randomUUID();
  for (const blob of manifest.blobs) {
    const old = `${blob.container}/${blob.name}`;
    if (!keys.has(old)) keys.set(old, { container: blob.container, name: `imported/${batch}/${blob.name}` });
  }
  return { keys, uuids, batch };
}

/** The database's refusal of a value (SQLSTATE classes 22 data exception, 23 integrity violation), unwrapped from drizzle's error. */
function dataError(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'))) return e.message;
  }
  return null;
}

export interface ImportOptions {
  /** The importing user: the new project's creator, in their company. */
  user: { id: number; companyId: number | null };
  /** Where tables are parsed (the route: the heavy-work pool, counted against the user); default here. */
  readTable?: TableReader;
  limits?: Partial<ImportLimits>;
  /** Bytes the importer's company may still store (contexts/accounts/company/limits.ts); the blobs past it are refused (413). */
  storageLeft?: { bytes: number; refusal: (wanted: number) => Promise<Error> };
}

/** Imports the archive at `file` (already received); answers what was written. */
export async function importProjectArchive(deps: Pick<AppDeps, 'blobStore'>, db: Db, file: string, options: ImportOptions): Promise<ProjectImportResult> {
  const { user } = options;
  let archive: Awaited<ReturnType<typeof readArchive>>;
  let rows: Map<TableName, Array<Record<string, unknown>>>;
  try {
    archive = await readArchive(file, options.readTable ?? readHere, { ...IMPORT_LIMITS, ...options.limits });
    try {
      rows = checkRecords(archive.manifest, archive.records);
      const facts = await hashBlobs(archive.zip, archive.entries, archive.manifest);
      for (const upload of rows.get('uploads') ?? []) Object.assign(upload, uploadFacts(facts.get(blobKeysOfRow(UPLOADS, upload)[0]!)!));
    } catch (error) {
      archive.zip.close();
      throw error;
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw archiveError(error.message, error.kind);
    if (error instanceof ArchiveRecordError) throw archiveError(error.message);
    throw error;
  }
  const { zip, entries, manifest } = archive;
  // The blobs' sizes are their bytes' (hashBlobs checked each against its manifest entry).
  const wanted = manifest.blobs.reduce((sum, blob) => sum + blob.size, 0);
  if (options.storageLeft && wanted > options.storageLeft.bytes) {
    zip.close();
    throw await options.storageLeft.refusal(wanted);
  }
  const names = newBlobNames(rows, manifest);
  const written: BlobKey[] = [];
  let bytes = 0;
  // What this import will write, kept until it is done: a server starting after this process died removes what it left.
  await writeJournal(deps.blobStore, names.batch, [...names.keys.values()]);
  try {
    for (const blob of manifest.blobs) {
      const key = names.keys.get(`${blob.container}/${blob.name}`)!;
      await deps.blobStore.put(key, await zip.openReadStreamPromise(entries.get(blob.path)!));
      written.push(key);
      bytes += blob.size;
    }
    const counts = await db.transaction((tx) => writeRecords(tx, rows, names, user));
    await deleteJournal(deps.blobStore, names.batch).catch(() => undefined);
    const project = rows.get('projects')![0]!;
    return { id: counts.projectId, name: String(project.name), records: counts.records, blobs: written.length, bytes };
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.blobStore.delete(key)));
    await deleteJournal(deps.blobStore, names.batch).catch(() => undefined);
    if (error instanceof ArchiveRecordError) throw archiveError(error.message);
    const refused = dataError(error);
    if (refused !== null) throw archiveError(`The archive's records cannot be written: ${refused.slice(0, 500)}.`);
    throw error;
  } finally {
    zip.close();
  }
}

/** Whether the stored station holds exactly these encoded hours (its SHA-256 matched already). */
async function sameSeries(tx: Db, stationId: number, data: Buffer): Promise<boolean> {
  const [row] = await tx.select({ data: weatherStations.data }).from(weatherStations).where(eq(weatherStations.id, stationId));
  return row !== undefined && Buffer.compare(row.data, data) === 0;
}

/** Batches of rows per INSERT; PostgreSQL answers RETURNING in the order of the VALUES list. */
const BATCH = 200;

async function writeRecords(
  tx: Db,
  rows: Map<TableName, Array<Record<string, unknown>>>,
  names: { keys: Map<string, BlobKey>; uuids: Map<string, string> },
  user: ImportOptions['user'],
): Promise<{ projectId: number; records: Record<string, number> }> {
  const maps: IdMaps = new Map();
  const records: Record<string, number> = {};
  const idOf = (table: TableName, old: unknown): number | null => (typeof old === 'number' ? (maps.get(table)?.get(old) ?? null) : null);
  const newKey = (old: string) => names.keys.get(old)!;
  for (const spec of TABLES) {
    const map = new Map<number, number>();
    maps.set(spec.name, map);
    const list = rows.get(spec.name) ?? [];
    const pending: Array<{ old: number; values: Record<string, unknown> }> = [];
    for (const source of list) {
      const values = prepareRow(spec, source, idOf, user);
      if (spec.name === 'uploads') values.uuid = names.uuids.get(String(source.uuid));
      if (spec.name === 'project_surrounds') {
        const key = newKey(`${String(source.blobContainer)}/${String(source.blobName)}`);
        values.blobContainer = key.container;
        values.blobName = key.name;
      }
      for (const column of spec.blobKeys ?? []) {
        if (spec.name === 'project_surrounds' || typeof values[column] !== 'string') continue;
        const key = newKey(values[column]);
        values[column] = `${key.container}/${key.name}`;
      }
      if (spec.name === 'weather_stations') {
        // The very series of a shared station is that station; any other stays this project's own.
        const station = source.station as StationValues;
        const shared = await findShared(tx, station.dataSha256);
        if (shared && (await sameSeries(tx, shared.id, station.data))) {
          map.set(source.id as number, shared.id);
          continue;
        }
        pending.push({ old: source.id as number, values: { ...station, projectId: maps.get('projects')!.values().next().value! } });
        continue;
      }
      pending.push({ old: source.id as number, values });
    }
    const idColumn = getTableColumns(spec.table).id!;
    for (let at = 0; at < pending.length; at += BATCH) {
      const batch = pending.slice(at, at + BATCH);
      const inserted = (await tx
        .insert(spec.table)
        .values(batch.map((p) => p.values) as never)
        .returning({ id: idColumn })) as Array<{ id: number }>;
      batch.forEach((p, i) => map.set(p.old, inserted[i]!.id));
    }
    records[spec.name] = pending.length;
    if (spec.name === 'projects') {
      const projectId = map.values().next().value!;
      const [project] = await tx
        .select({ id: projects.id, name: projects.name, companyId: projects.companyId })
        .from(projects)
        .where(eq(projects.id, projectId));
      await shareWithDefaultGroup(tx, project!, user.id);
    }
  }
  // Assets pointing at other assets (a re-meshed file and its source), now that all have ids.
  for (const source of rows.get('assets') ?? []) {
    const remeshed = Array.isArray(source.remeshedAssets) ? source.remeshedAssets : [];
    const from = isRecord(source.metadata) ? source.metadata.remeshed_from : undefined;
    if (remeshed.length === 0 && from === undefined) continue;
    const id = idOf('assets', source.id)!;
    const [current] = await tx.select({ metadata: assets.metadata }).from(assets).where(eq(assets.id, id));
    const metadata = isRecord(current?.metadata) && from !== undefined ? { ...current.metadata, remeshed_from: idOf('assets', from) } : current?.metadata;
    await tx
      .update(assets)
      .set({ remeshedAssets: remeshed.map((old) => idOf('assets', old)).filter((v) => v !== null), metadata })
      .where(eq(assets.id, id));
  }
  return { projectId: maps.get('projects')!.values().next().value!, records };
}

function prepareRow(
  spec: TableSpec,
  source: Record<string, unknown>,
  idOf: (table: TableName, old: unknown) => number | null,
  user: ImportOptions['user'],
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...source };
  delete values.id;
  for (const [key, target] of Object.entries(spec.refs)) {
    if (target === 'drop') values[key] = null;
    else if (target === 'user') values[key] = key === 'userId' || values[key] !== null ? user.id : null;
    else if (values[key] !== null && values[key] !== undefined) values[key] = idOf(target, values[key]);
  }
  if (spec.name === 'projects') {
    values.companyId = user.companyId;
    values.createdBy = user.id;
    values.isDemo = false;
    values.updatedAt = new Date();
  }
  spec.json?.(values, idOf);
  return values;
}
