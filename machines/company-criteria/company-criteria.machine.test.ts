/** The company criteria tab's machine by events and snapshots: list, add, edit, refusal, delete, flags (fake timers). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { SUCCESS_FLAG_MS } from '@machines/shared/collection.ts';
import { companyCriteriaMachine } from './company-criteria.machine.ts';
import type { CompanyCriterion, CompanyCriterionInput, CriteriaLists } from './company-criteria.types.ts';
import {
  selectDeletion,
  selectEditorOpen,
  selectEditorStart,
  selectFailure,
  selectListError,
  selectSaveErrors,
  selectSuccess,
  selectTables,
} from './company-criteria.selectors.ts';
import { companyTable, tableInput } from './company-criteria.fixtures.ts';
import { companyAdminMachine } from '@machines/company-admin/company-admin.machine.ts';
import { selectAdminTab } from '@machines/company-admin/company-admin.selectors.ts';
import type { OwnCompany } from '@machines/company-admin/company-admin.types.ts';

const refused: ServerError = {
  kind: 'http',
  status: 400,
  detail: null,
  fields: { 'classes.1.thresholdMs': ['Classes go from most to least comfortable: 2 m/s is below the 3 m/s of the row before.'] },
  body: null,
};

function start(
  options: {
    save?: (pk: number | null, table: CompanyCriterionInput) => Promise<CompanyCriterion>;
    load?: () => Promise<CriteriaLists>;
    remove?: () => Promise<void>;
  } = {},
) {
  const saved: Array<{ pk: number | null; table: CompanyCriterionInput }> = [];
  const actor = createActor(
    companyCriteriaMachine.provide({
      actors: {
        loadCriteria: fromPromise<CriteriaLists, void>(
          options.load ?? (async () => ({ builtIn: [...CRITERIA], tables: [companyTable(2, 'Terraces'), companyTable(1, 'Arcade')] })),
        ),
        saveTable: fromPromise<CompanyCriterion, { pk: number | null; table: CompanyCriterionInput }>(async ({ input }) => {
          saved.push(input);
          return (options.save ?? (async (pk, table) => ({ ...companyTable(pk ?? 3, table.name), revision: pk ? 2 : 1 })))(input.pk, input.table);
        }),
        deleteTable: fromPromise<void, { pk: number }>(options.remove ?? (async () => {})),
      },
    }),
  ).start();
  return { actor, saved };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('company criteria', () => {
  it('lists the built-in criteria and the company’s tables in name order', async () => {
    const { actor } = start();
    await settle();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.builtIn.map((c) => c.id)).toEqual(CRITERIA.map((c) => c.id));
    expect(selectTables(actor.getSnapshot()).map((t) => t.name)).toEqual(['Arcade', 'Terraces']);
  });

  it('adds a table, closes the editor and says so for 3 s', async () => {
    const { actor, saved } = start();
    await settle();
    actor.send({ type: 'table.new' });
    expect(selectEditorStart(actor.getSnapshot())).toEqual({ mode: 'new', start: null });
    actor.send({ type: 'table.save', table: tableInput('Balconies') });
    await settle();
    expect(saved).toEqual([{ pk: null, table: tableInput('Balconies') }]);
    expect(selectEditorOpen(actor.getSnapshot())).toBe(false);
    expect(selectTables(actor.getSnapshot()).map((t) => t.name)).toEqual(['Arcade', 'Balconies', 'Terraces']);
    expect(selectSuccess(actor.getSnapshot())).toBe('Criterion table "Balconies" added.');
    await vi.advanceTimersByTimeAsync(SUCCESS_FLAG_MS);
    expect(selectSuccess(actor.getSnapshot())).toBeNull();
  });

  it('starts a new table from a built-in criterion', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'table.new', from: CRITERIA[0] });
    expect(selectEditorStart(actor.getSnapshot())).toEqual({ mode: 'new', start: CRITERIA[0] });
  });

  it('edits a table in place (PUT with its pk)', async () => {
    const { actor, saved } = start();
    await settle();
    actor.send({ type: 'table.edit', pk: 2 });
    expect(selectEditorStart(actor.getSnapshot())?.start).toMatchObject({ pk: 2, name: 'Terraces' });
    actor.send({ type: 'table.save', table: tableInput('Terraces (2026)') });
    await settle();
    expect(saved[0]!.pk).toBe(2);
    expect(selectTables(actor.getSnapshot()).map((t) => [t.pk, t.name, t.revision])).toEqual([
      [1, 'Arcade', 1],
      [2, 'Terraces (2026)', 2],
    ]);
    expect(selectSuccess(actor.getSnapshot())).toBe('Criterion table "Terraces (2026)" saved.');
  });

  it('keeps the editor open with the server’s field errors when a table is refused', async () => {
    const { actor } = start({ save: async () => Promise.reject(refused) });
    await settle();
    actor.send({ type: 'table.new' });
    actor.send({ type: 'table.save', table: tableInput('Bad') });
    await settle();
    expect(selectEditorOpen(actor.getSnapshot())).toBe(true);
    expect(selectSaveErrors(actor.getSnapshot())).toEqual(refused.fields);
    expect(selectFailure(actor.getSnapshot())).toMatch(/^The criterion table could not be saved\. Classes go from most/);
    expect(selectTables(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'table.close' });
    expect(selectSaveErrors(actor.getSnapshot())).toEqual({});
  });

  it('deletes a table only after confirmation; cancel keeps it', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'table.delete', pk: 1 });
    expect(selectDeletion(actor.getSnapshot())?.name).toBe('Arcade');
    actor.send({ type: 'cancel' });
    expect(selectDeletion(actor.getSnapshot())).toBeNull();
    expect(selectTables(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'table.delete', pk: 1 });
    actor.send({ type: 'deletion.confirm' });
    await settle();
    expect(selectTables(actor.getSnapshot()).map((t) => t.name)).toEqual(['Terraces']);
    expect(selectSuccess(actor.getSnapshot())).toBe('Criterion table "Arcade" deleted.');
  });

  it('says why a delete failed and keeps the table', async () => {
    const { actor } = start({
      remove: async () =>
        Promise.reject({
          kind: 'http',
          status: 403,
          detail: 'You do not have permission to perform this action.',
          fields: {},
          body: null,
        } satisfies ServerError),
    });
    await settle();
    actor.send({ type: 'table.delete', pk: 2 });
    actor.send({ type: 'deletion.confirm' });
    await settle();
    expect(selectFailure(actor.getSnapshot())).toBe('Could not delete "Terraces". You do not have permission to perform this action.');
    expect(selectTables(actor.getSnapshot())).toHaveLength(2);
  });

  it('shows a failed list with its reason and loads again on retry', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls++;
        if (calls === 1) throw { kind: 'network', status: null, detail: 'The server could not be reached.', fields: {}, body: null } satisfies ServerError;
        return { builtIn: [...CRITERIA], tables: [] };
      },
    });
    await settle();
    expect(selectListError(actor.getSnapshot())).toBe('The server could not be reached.');
    actor.send({ type: 'criteria.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(selectListError(actor.getSnapshot())).toBeNull();
  });
});

describe('the Comfort criteria tab of Company Administration', () => {
  it('is a tab the administration machine opens, directly or on selection', async () => {
    const company: OwnCompany = { id: 1, name: 'Northwind', is_rwdi: false, domain: null, allow_sso: false, user_count: 3 };
    const logic = companyAdminMachine.provide({ actors: { loadCompany: fromPromise<OwnCompany, void>(async () => company) } });
    const opened = createActor(logic, { input: { tab: 'criteria' } }).start();
    await settle();
    expect(selectAdminTab(opened.getSnapshot())).toBe('criteria');
    const selected = createActor(logic, { input: {} }).start();
    await settle();
    selected.send({ type: 'tab.select', tab: 'criteria' });
    expect(selectAdminTab(selected.getSnapshot())).toBe('criteria');
    selected.send({ type: 'tab.select', tab: 'prices' });
    expect(selectAdminTab(selected.getSnapshot())).toBe('prices');
    opened.stop();
    selected.stop();
  });
});
