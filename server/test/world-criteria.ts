/**
 * The company criterion tables of the authorization world: one table of company A that
 * every role reads and changes, and per role one to delete. Written straight to the table: the
 * routes' own behaviour is tested in server/src/routes/criteria/criteria.routes.test.ts.
 */
import type { Db } from '../src/db/database.ts';
import { companyCriteria } from '../src/db/schema/index.ts';
import type { MatrixRole } from './world.ts';

export interface WorldCriteria {
  /** A table of company A. */
  criterionId: number;
  /** Per role, a table of company A to delete. */
  toDelete: Record<MatrixRole, number>;
}

/** A small valid table (two classes, no safety limit) named `name`. */
export function sampleTable(name: string) {
  return {
    name,
    speedType: 'hourlyMean',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Comfortable', thresholdMs: 5, allowedExceedance: 0.05, colour: '#2c7bb6' },
      { label: 'Uncomfortable', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
    ],
    safety: [],
  };
}

export async function buildWorldCriteria(db: Db, companyId: number, roles: readonly MatrixRole[]): Promise<WorldCriteria> {
  const [shared] = await db
    .insert(companyCriteria)
    .values({ companyId, ...sampleTable('Acme comfort') })
    .returning({ id: companyCriteria.id });
  const toDelete = {} as Record<MatrixRole, number>;
  for (const role of roles) {
    const [row] = await db
      .insert(companyCriteria)
      .values({ companyId, ...sampleTable(`To delete (${role})`) })
      .returning({ id: companyCriteria.id });
    toDelete[role] = row!.id;
  }
  return { criterionId: shared!.id, toDelete };
}
