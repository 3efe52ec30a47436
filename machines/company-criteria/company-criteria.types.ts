/** Types of the company's own wind comfort criterion tables (contract/src/criteria.ts). */
import type { CompanyCriterion, CompanyCriterionInput } from '@canopy/contract/criteria.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';

export type { CompanyCriterion, CompanyCriterionInput, Criterion };

/** What the tab lists: the built-in criteria (read only) and the company's tables. */
export interface CriteriaLists {
  builtIn: Criterion[];
  tables: CompanyCriterion[];
}

/** The open editor: a new table, or a copy of an existing one (pk of the table it replaces). */
export type Editing = { mode: 'new'; from: Criterion | null } | { mode: 'edit'; pk: number };
