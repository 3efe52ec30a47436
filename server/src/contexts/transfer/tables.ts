/**
 * What a project owns, table by table, in the order an import writes it (every reference points at
 * a table written earlier), and how each table's references are remapped to the new ids.
 *
 * Records travel as JSON under their database column names (snake_case). Timestamps are ISO strings,
 * bytea is base64. A reference column names the table it points at; `user` columns become the
 * importing user (the exporting installation's users mean nothing elsewhere); `drop` columns are
 * cleared (jobs, the source company's subscription and debits: an import never debits and never
 * carries another company's bookkeeping). JSON fields that hold ids are remapped by `json`.
 *
 * Not carried: shares, administrators, favourites, notifications, invitations, upload grants,
 * jobs, credit reservations and CFD checkpoints — they belong to people and processes of the
 * source installation, not to the project's content.
 */
import { getTableColumns, type Column } from 'drizzle-orm';
import { z } from 'zod';
import { inputProblems } from '../../kernel/input-hygiene.ts';
import { ALLOW_LIST, ROW_RULES } from './allow-list.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
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
  projectSurrounds,
  reports,
  reportViews,
  sceneViews,
  simulations,
  scenarioApprovals,
  studies,
  studyImages,
  uploads,
  userSelectedLayers,
  weatherStations,
} from '../../db/schema/index.ts';

export type TableName =
  | 'projects'
  | 'studies'
  | 'uploads'
  | 'project_files'
  | 'parameter_sets'
  | 'weather_stations'
  | 'project_met_sources'
  | 'project_surrounds'
  | 'post_processing_tags'
  | 'configurations'
  | 'simulations'
  | 'assets'
  | 'layer_sets'
  | 'geometry_validations'
  | 'scenario_approvals'
  | 'camera_positions'
  | 'user_selected_layers'
  | 'study_images'
  | 'insights'
  | 'scene_views'
  | 'drawings'
  | 'insight_pin_types'
  | 'insight_pins'
  | 'image_views'
  | 'reports'
  | 'report_views';

/** Where a reference column points: another table of the archive, the importing user, or nowhere. */
export type RefTarget = TableName | 'user' | 'drop';

/** Old id → new id, per table, filled as the import writes. */
export type IdMaps = Map<TableName, Map<number, number>>;

/** Remaps ids inside a row's JSON fields (camelCase keys); `id` answers the new id or null when unknown. */
export type JsonRemap = (row: Record<string, unknown>, id: (table: TableName, old: unknown) => number | null) => void;

export interface TableSpec {
  name: TableName;
  table: PgTable;
  /** Reference columns (camelCase keys) and what they point at. */
  refs: Record<string, RefTarget>;
  json?: JsonRemap;
  /** Columns holding a blob key "{container}/{name}" (or a container/name pair: surrounds). */
  blobKeys?: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list of ids remapped, unknown ones left out. */
function idList(value: unknown, table: TableName, id: (t: TableName, old: unknown) => number | null): number[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => id(table, v)).filter((v): v is number => v !== null);
}

/** The viewer keys a layer by its asset id as a string (or a layer set's identifier, left alone). */
function assetIdentifier(identifier: unknown, id: (t: TableName, old: unknown) => number | null): unknown {
  if (typeof identifier !== 'string' || !/^\d+$/.test(identifier)) return identifier;
  const mapped = id('assets', Number(identifier));
  return mapped === null ? identifier : String(mapped);
}

/** Geometry upload ids per role ({study: [ids], ground: [ids], …}). */
function geometryRoles(value: unknown, id: (t: TableName, old: unknown) => number | null): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([role, ids]) => [role, Array.isArray(ids) ? idList(ids, 'uploads', id) : ids]));
}

/** `upload_id` of each finding or asset report of a geometry validation. */
function uploadIdsOf(list: unknown, id: (t: TableName, old: unknown) => number | null): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item) => (isRecord(item) && item.upload_id != null ? { ...item, upload_id: id('uploads', item.upload_id) } : item));
}

export const TABLES: readonly TableSpec[] = [
  { name: 'projects', table: projects, refs: { companyId: 'drop', createdBy: 'user' } },
  { name: 'studies', table: studies, refs: { projectId: 'projects' } },
  { name: 'uploads', table: uploads, refs: { projectId: 'projects', uploadedBy: 'user' } },
  { name: 'project_files', table: projectFiles, refs: { projectId: 'projects', uploadId: 'uploads', attachedBy: 'user' } },
  { name: 'parameter_sets', table: parameterSets, refs: { projectId: 'projects', createdBy: 'user' } },
  // Shared between projects: found by the SHA-256 of its data on import, written only when new.
  { name: 'weather_stations', table: weatherStations, refs: {} },
  {
    name: 'project_met_sources',
    table: projectMetSources,
    refs: { projectId: 'projects', stationId: 'weather_stations', uploadId: 'uploads', addedBy: 'user' },
  },
  {
    name: 'project_surrounds',
    table: projectSurrounds,
    refs: { projectId: 'projects', sourceUploadId: 'uploads', createdBy: 'user' },
    blobKeys: ['blobContainer'],
  },
  { name: 'post_processing_tags', table: postProcessingTags, refs: { projectId: 'projects' } },
  {
    name: 'configurations',
    table: configurations,
    refs: { projectId: 'projects', studyId: 'studies', createdBy: 'user' },
    json: (row, id) => {
      if (!isRecord(row.form)) return;
      const form = { ...row.form };
      if ('geometry' in form) form.geometry = geometryRoles(form.geometry, id);
      if (form.met_source_id != null) form.met_source_id = id('project_met_sources', form.met_source_id);
      if (Array.isArray(form.parameter_set_ids)) form.parameter_set_ids = idList(form.parameter_set_ids, 'parameter_sets', id);
      row.form = form;
    },
  },
  {
    name: 'simulations',
    table: simulations,
    refs: { configurationId: 'configurations' },
    json: (row, id) => {
      if (row.metSourceId != null) row.metSourceId = id('project_met_sources', row.metSourceId);
    },
  },
  {
    name: 'assets',
    table: assets,
    refs: { simulationId: 'simulations' },
    // remeshed_assets and metadata.remeshed_from point at other assets: remapped after all are written.
    json: (row, id) => {
      if (isRecord(row.metadata) && row.metadata.upload_id != null) row.metadata = { ...row.metadata, upload_id: id('uploads', row.metadata.upload_id) };
    },
    blobKeys: ['blobKey'],
  },
  { name: 'layer_sets', table: layerSets, refs: { simulationId: 'simulations' }, blobKeys: ['blobKey'] },
  {
    name: 'geometry_validations',
    table: geometryValidations,
    refs: { configurationId: 'configurations', simulationId: 'simulations', createdBy: 'user', jobId: 'drop' },
    json: (row, id) => {
      row.geometry = geometryRoles(row.geometry, id);
      row.findings = uploadIdsOf(row.findings, id);
      row.assets = uploadIdsOf(row.assets, id);
    },
  },
  {
    name: 'scenario_approvals',
    table: scenarioApprovals,
    refs: { configurationId: 'configurations', approvedBy: 'user', subscriptionId: 'drop', usageId: 'drop' },
  },
  { name: 'camera_positions', table: cameraPositions, refs: { studyId: 'studies', createdBy: 'user' } },
  {
    name: 'user_selected_layers',
    table: userSelectedLayers,
    refs: { simulationId: 'simulations', userId: 'user' },
    json: (row, id) => {
      row.identifier = assetIdentifier(row.identifier, id);
    },
  },
  { name: 'study_images', table: studyImages, refs: { studyId: 'studies', createdBy: 'user' }, blobKeys: ['blobKey'] },
  { name: 'insights', table: insights, refs: { studyId: 'studies', createdBy: 'user' } },
  {
    name: 'scene_views',
    table: sceneViews,
    refs: { insightId: 'insights', cameraPositionId: 'camera_positions', simulationId: 'simulations', assetId: 'assets', studyImageId: 'study_images' },
    json: (row, id) => {
      if (!Array.isArray(row.layerSelection)) return;
      row.layerSelection = row.layerSelection.map((layer: unknown) =>
        isRecord(layer) ? { ...layer, simulation_id: id('simulations', layer.simulation_id), identifier: assetIdentifier(layer.identifier, id) } : layer,
      );
    },
  },
  { name: 'drawings', table: drawings, refs: { sceneViewId: 'scene_views' } },
  { name: 'insight_pin_types', table: insightPinTypes, refs: { insightId: 'insights' } },
  {
    name: 'insight_pins',
    table: insightPins,
    refs: { insightId: 'insights', pinTypeId: 'insight_pin_types', sceneViewId: 'scene_views' },
    json: (row, id) => {
      if (isRecord(row.item) && row.item.layer_id !== undefined) row.item = { ...row.item, layer_id: assetIdentifier(row.item.layer_id, id) };
    },
  },
  { name: 'image_views', table: imageViews, refs: { insightId: 'insights', studyImageId: 'study_images', sceneViewId: 'scene_views' } },
  { name: 'reports', table: reports, refs: { studyId: 'studies', createdBy: 'user' } },
  { name: 'report_views', table: reportViews, refs: { reportId: 'reports', imageViewId: 'image_views' } },
];

/** The table's columns by their camelCase key, with the database name and kind of each. */
export function columnsOf(spec: TableSpec): Array<{ key: string; column: Column }> {
  return Object.entries(getTableColumns(spec.table)).map(([key, column]) => ({ key, column }));
}

/** A drizzle row (camelCase, Dates, Buffers) as the archive writes it (column names, ISO strings, base64). */
export function toArchiveRow(spec: TableSpec, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, column } of columnsOf(spec)) {
    const value = row[key];
    out[column.name] = value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? value.toString('base64') : value;
  }
  return out;
}

export class ArchiveRecordError extends Error {}

/** A reference in the archive: its id there, or null. */
const archiveId = z.number().int().min(1).max(2_147_483_647).nullable();

/**
 * An archive row back in drizzle's terms (camelCase, Dates, Buffers), through the allow-list
 * (allow-list.ts): a column it marks `server` is not read, every other is parsed by its rule, and
 * the first refusal names the column.
 */
export function fromArchiveRow(spec: TableSpec, row: unknown, where: string): Record<string, unknown> {
  if (!isRecord(row)) throw new ArchiveRecordError(`${where} is not an object`);
  const hygiene = inputProblems(row);
  if (hygiene) {
    const [field, messages] = Object.entries(hygiene)[0]!;
    throw new ArchiveRecordError(`${where}: ${field}: ${messages[0]}`);
  }
  const rules = ALLOW_LIST[spec.name];
  const out: Record<string, unknown> = {};
  for (const { key, column } of columnsOf(spec)) {
    const rule = rules[column.name];
    if (rule === undefined) throw new Error(`the import's allow-list has no rule for ${spec.name}.${column.name}`);
    const target = spec.refs[key];
    if (rule === 'server' || target === 'drop') continue;
    const value = row[column.name];
    // Who did it becomes the importing user; only whether anybody did is read (prepareRow).
    if (target === 'user') {
      out[key] = value === null || value === undefined ? null : 0;
      continue;
    }
    if (rule === 'id' || rule === 'ref') {
      const parsed = archiveId.safeParse(value ?? null);
      if (!parsed.success || (parsed.data === null && (rule === 'id' || column.notNull))) {
        throw new ArchiveRecordError(`${where}: ${column.name} must be the id of a record${column.notNull ? '' : ' or null'}`);
      }
      out[key] = parsed.data;
      continue;
    }
    // Absent: the database's default where it has one; a required column without one is refused.
    if (value === undefined && column.hasDefault) continue;
    if (value === undefined && column.notNull) throw new ArchiveRecordError(`${where}: ${column.name} is missing`);
    const parsed = rule.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.length ? `.${issue.path.join('.')}` : '';
      throw new ArchiveRecordError(`${where}: ${column.name}${path}: ${value === undefined ? 'is missing' : issue.message}`);
    }
    out[key] = parsed.data;
  }
  const problem = ROW_RULES[spec.name]?.(out);
  if (problem) throw new ArchiveRecordError(`${where}: ${problem}`);
  return out;
}
