/**
 * Studies as the project detail shows them. `simulation_labels` are the study's simulations (id,
 * category) so the client can group them; `IsRWDIProject` and `reviewed_by` come from consulting
 * companies (is_rwdi): the project's owner, or a company whose user accepted a share of it.
 *
 * The detail reads all of it in its one statement (detail.ts): the SQL parts are here, with what
 * turns their answers into studies.
 */
import { sql } from 'drizzle-orm';
import { companies, projectShares, projects, studies, users } from '../../db/schema/index.ts';
import type { SimulationLabel, Study } from '@canopy/contract/projects.ts';
import { displayName } from '../accounts/index.ts';

/** One study of the statement's JSON answer. */
export interface StudyJson {
  id: number;
  name: string;
  /** timestamptz as PostgreSQL writes it in JSON. */
  created: string;
  labels: SimulationLabel[];
}

interface NameJson {
  username: string;
  first_name: string;
  last_name: string;
}

/**
 * The project's studies (id order), each with its simulations (id order), as one JSON array. Each
 * study's object is kept by the database beside it (`detail_json`, not in the table's drizzle
 * definition; migration 0023's triggers rebuild it when the study, one of its scenarios or one of
 * their simulations changes): looked up through the scenarios and simulations on every read, it was
 * a third of the detail's statement on the embedded database.
 */
export const studiesJson = sql<
  StudyJson[] | null
>`(select json_agg("studies"."detail_json" order by ${studies.id}) from ${studies} where ${studies.projectId} = ${projects.id})`;

/** The first consulting-company user who accepted a share (oldest share first), or null. */
export const sharedReviewerJson = sql<NameJson | null>`(select json_build_object('username', ${users.username}, 'first_name', ${users.firstName}, 'last_name', ${users.lastName})
  from ${projectShares} inner join ${users} on ${users.id} = ${projectShares.userId} inner join ${companies} on ${companies.id} = ${users.companyId}
  where ${projectShares.projectId} = ${projects.id} and ${projectShares.shareStatus} = 'accepted' and ${companies.isRwdi} = true
  order by ${projectShares.createdAt}, ${projectShares.id} limit 1)`;

/** Whether the project's own company is a consulting company. */
export const ownerConsulting =
  sql<boolean>`coalesce((select ${companies.isRwdi} from ${companies} where ${companies.id} = ${projects.companyId}), false)`.mapWith(Boolean);

/**
 * The consulting reviewer: the first consulting-company user who accepted a share, else the
 * creator of a consulting company's project.
 */
export function consulting(input: {
  sharedReviewer: NameJson | null;
  ownerConsulting: boolean;
  creator: { username: string; firstName: string; lastName: string } | null;
}): {
  isConsulting: boolean;
  reviewer: string | null;
} {
  const shared = input.sharedReviewer;
  if (shared) return { isConsulting: true, reviewer: displayName({ username: shared.username, firstName: shared.first_name, lastName: shared.last_name }) };
  if (!input.ownerConsulting) return { isConsulting: false, reviewer: null };
  return { isConsulting: true, reviewer: input.creator ? displayName(input.creator) : null };
}

export function representStudies(rows: StudyJson[] | null, rwdi: { isConsulting: boolean; reviewer: string | null }): Study[] {
  return (rows ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    created: new Date(row.created).toISOString(),
    insights: [],
    study_images: [],
    reports: [],
    simulation_labels: row.labels,
    IsRWDIProject: rwdi.isConsulting,
    reviewed_by: rwdi.reviewer,
  }));
}
