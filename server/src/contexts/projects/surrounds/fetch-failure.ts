/**
 * When the surroundings asked for at a project's creation cannot be fetched from the Overpass API,
 * the project says so in words — on its card, its overview and the Resources surroundings panel —
 * rather than only in the server's log: what failed, and what the user can do about it. The note
 * stays until surroundings are made (surrounds.ts clears it).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { projects } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

/** The failure as the user reads it: the server's own words, then the two ways on. */
function surroundsFailureText(error: unknown): string {
  let reason = 'the map server could not be used';
  if (error instanceof DomainError) {
    const detail = error.body.detail;
    const fields = Object.values(error.body)
      .flat()
      .filter((v): v is string => typeof v === 'string');
    reason = typeof detail === 'string' ? detail : (fields[0] ?? reason);
  }
  return (
    `The surroundings could not be fetched from OpenStreetMap: ${reason.replace(/\.$/, '')}. ` +
    'Fetch them again from the Surroundings panel in Resources, or upload an .osm extract of the area there.'
  );
}

export async function noteSurroundsFailure(db: Db, projectId: number, error: unknown): Promise<void> {
  await db
    .update(projects)
    .set({ surroundsError: surroundsFailureText(error) })
    .where(eq(projects.id, projectId));
}
