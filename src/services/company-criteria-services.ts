/**
 * The company criteria tab's machine bound to the API: the built-in criteria come from
 * GET /api/criteria/ (origin 'builtin'), the company's tables whole from /api/company/criteria/.
 */
import { fromPromise } from 'xstate';
import { companyCriteriaMachine } from '@machines/company-criteria/company-criteria.machine.ts';
import type { CompanyCriterion, CompanyCriterionInput, CriteriaLists } from '@machines/company-criteria/company-criteria.types.ts';
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import { asServerCall as call } from '../api/errors.ts';
import * as criteria from '../api/criteria.ts';

export function companyCriteriaLogic(api: ApiClient = defaultApi) {
  return companyCriteriaMachine.provide({
    actors: {
      loadCriteria: fromPromise<CriteriaLists, void>(() =>
        call(async () => {
          const [all, tables] = await Promise.all([criteria.listCriteria(api), criteria.listCompanyCriteria(api)]);
          return { builtIn: all.filter((c) => c.origin !== 'company'), tables };
        }),
      ),
      saveTable: fromPromise<CompanyCriterion, { pk: number | null; table: CompanyCriterionInput }>(({ input }) =>
        call(() => (input.pk === null ? criteria.createCompanyCriterion(api, input.table) : criteria.replaceCompanyCriterion(api, input.pk, input.table))),
      ),
      deleteTable: fromPromise<void, { pk: number }>(({ input }) => call(() => criteria.deleteCompanyCriterion(api, input.pk))),
    },
  });
}
