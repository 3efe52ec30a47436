/**
 * Parameter sets of a project. Changing them is changing the project (requireChangeableProject);
 * `values` is checked against the analysis type's schema (contract/src/parameter-sets.ts), also when an
 * update changes only the type or only the values, so a stored set is always valid for its type.
 */
import { and, eq, getTableColumns, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { jsonRows, rowFromJson } from '../../../db/json-rows.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { parameterSets } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import {
  checkParameterValues,
  isAnalysisType,
  type AnalysisType,
  type ParameterSet,
  type SaveParameterSet,
  type UpdateParameterSet,
} from '@canopy/contract/parameter-sets.ts';
import { requireChangeableProject } from '../access.ts';

export const NAME_TAKEN = 'A parameter set with this name already exists in this project.';

type Row = typeof parameterSets.$inferSelect;

function represent(row: Row): ParameterSet {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    analysis_type: row.analysisType as AnalysisType,
    values: row.values as Record<string, unknown>,
    created_by: row.createdBy,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

const allColumns = getTableColumns(parameterSets);

/** The sets of the project whose id is `projectId` (a column of the outer statement), as JSON inside it (project detail). */
export function parameterSetsJson(projectId: AnyColumn): SQL<Array<Record<string, unknown>>> {
  return jsonRows(allColumns, sql`from ${parameterSets} where ${parameterSets.projectId} = ${projectId}`, sql`${parameterSets.id}`);
}

export function parameterSetsFromJson(json: Array<Record<string, unknown>>): ParameterSet[] {
  return json.map((row) => represent(rowFromJson(allColumns, row)));
}

async function nameTaken(db: Db, projectId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: parameterSets.id })
    .from(parameterSets)
    .where(
      and(
        eq(parameterSets.projectId, projectId),
        sql`lower(${parameterSets.name}) = lower(${name})`,
        exceptId !== undefined ? ne(parameterSets.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

function validValues(type: string, values: unknown): Record<string, unknown> {
  if (!isAnalysisType(type)) throw DomainError.field('analysis_type', `"${type}" is not a valid choice.`);
  const checked = checkParameterValues(type, values);
  if (!checked.ok) throw DomainError.fields(checked.errors);
  return checked.values;
}

export async function saveParameterSet(db: Db, user: AuthUser, projectId: number, input: SaveParameterSet): Promise<ParameterSet> {
  await requireChangeableProject(db, user, projectId);
  const values = validValues(input.analysis_type, input.values);
  if (await nameTaken(db, projectId, input.name)) throw DomainError.field('name', NAME_TAKEN);
  const [row] = await db
    .insert(parameterSets)
    .values({ projectId, name: input.name, analysisType: input.analysis_type, values, createdBy: user.id })
    .returning();
  return represent(row!);
}

async function ownSet(db: Db, projectId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(parameterSets)
    .where(and(eq(parameterSets.id, id), eq(parameterSets.projectId, projectId)));
  if (!row) throw DomainError.field('id', `Invalid pk "${id}" - object does not exist.`);
  return row;
}

export async function updateParameterSet(db: Db, user: AuthUser, projectId: number, input: UpdateParameterSet): Promise<ParameterSet> {
  await requireChangeableProject(db, user, projectId);
  const current = await ownSet(db, projectId, input.id);
  const type = input.analysis_type ?? current.analysisType;
  const values = validValues(type, input.values ?? current.values);
  if (input.name !== undefined && (await nameTaken(db, projectId, input.name, current.id))) throw DomainError.field('name', NAME_TAKEN);
  const [row] = await db
    .update(parameterSets)
    .set({ name: input.name ?? current.name, analysisType: type, values, updatedAt: sql`now()` })
    .where(eq(parameterSets.id, current.id))
    .returning();
  return represent(row!);
}

export async function deleteParameterSet(db: Db, user: AuthUser, projectId: number, id: number): Promise<void> {
  await requireChangeableProject(db, user, projectId);
  const current = await ownSet(db, projectId, id);
  await db.delete(parameterSets).where(eq(parameterSets.id, current.id));
}
