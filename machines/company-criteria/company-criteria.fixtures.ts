/** Criterion tables for the company criteria machine's and screen's tests. */
import type { CompanyCriterion, CompanyCriterionInput } from './company-criteria.types.ts';

export function tableInput(name: string): CompanyCriterionInput {
  return {
    name,
    speedType: 'maxMeanGem',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Terrace dining', thresholdMs: 3, allowedExceedance: 0.04, colour: '#2c7bb6' },
      { label: 'Strolling', thresholdMs: 6, allowedExceedance: 0.05, colour: '#ffffbf' },
      { label: 'Too windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
    ],
    safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.0003, colour: '#2d004b' }],
  };
}

export function companyTable(pk: number, name: string): CompanyCriterion {
  const input = tableInput(name);
  return {
    id: `company-${pk}`,
    pk,
    origin: 'company',
    name,
    speedType: 'maxMeanGem',
    exceedanceComparison: 'atMost',
    classes: input.classes.map((c) => ({ ...c, thresholdMs: c.thresholdMs ?? null, allowedExceedance: c.allowedExceedance ?? null })),
    safety: input.safety ?? [],
    revision: 1,
    created: '2026-11-26T10:00:00.000Z',
    modified: '2026-11-26T10:00:00.000Z',
  };
}
