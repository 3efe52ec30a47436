/** The Comfort criteria tab by role and text, with fake actors. */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import { companyCriteriaMachine } from '@machines/company-criteria/company-criteria.machine.ts';
import { companyTable } from '@machines/company-criteria/company-criteria.fixtures.ts';
import type { CompanyCriterion, CompanyCriterionInput, CriteriaLists } from '@machines/company-criteria/company-criteria.types.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { CriteriaPanel } from './criteria-panel.tsx';

function fakes(options: { save?: (pk: number | null, table: CompanyCriterionInput) => Promise<CompanyCriterion> } = {}) {
  const saved: Array<{ pk: number | null; table: CompanyCriterionInput }> = [];
  const deleted: number[] = [];
  const logic = companyCriteriaMachine.provide({
    actors: {
      loadCriteria: fromPromise<CriteriaLists, void>(async () => ({ builtIn: [...CRITERIA], tables: [companyTable(4, 'Podium terraces')] })),
      saveTable: fromPromise<CompanyCriterion, { pk: number | null; table: CompanyCriterionInput }>(async ({ input }) => {
        saved.push(input);
        return options.save ? options.save(input.pk, input.table) : { ...companyTable(input.pk ?? 9, input.table.name) };
      }),
      deleteTable: fromPromise<void, { pk: number }>(async ({ input }) => void deleted.push(input.pk)),
    },
  });
  return { logic, saved, deleted };
}

describe('the Comfort criteria tab', () => {
  it('lists the built-in criteria read only and the company’s tables, with units', async () => {
    render(<CriteriaPanel canManage={false} logic={fakes().logic} />);
    const builtIn = await screen.findByRole('region', { name: 'Built-in criteria' });
    expect(within(builtIn).getByText('Lawson LDDC (City of London)')).toBeInTheDocument();
    expect(within(builtIn).getByText('Frequent sitting: P(U > 2.5 m/s) ≤ 5 %')).toBeInTheDocument();
    expect(within(builtIn).getByText('Unsafe (safety): P(U > 15 m/s) > 0.022 %')).toBeInTheDocument();
    expect(within(builtIn).queryByRole('button')).toBeNull();
    const own = screen.getByRole('region', { name: 'Your company’s criterion tables' });
    expect(within(own).getByText('Podium terraces')).toBeInTheDocument();
    expect(within(own).getByText('Terrace dining: P(U > 3 m/s) ≤ 4 %')).toBeInTheDocument();
    // Members without the permission change nothing.
    expect(screen.queryByRole('button', { name: 'New table' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Podium terraces' })).toBeNull();
  });

  it('adds a table from the form, classes as rows with m/s and %, by keyboard', async () => {
    const user = userEvent.setup();
    const { logic, saved } = fakes();
    render(<CriteriaPanel canManage logic={logic} />);
    await user.click(await screen.findByRole('button', { name: 'New table' }));
    const form = screen.getByRole('form', { name: 'New criterion table' });
    await user.type(within(form).getByLabelText('Name'), 'Balconies');
    await user.selectOptions(within(form).getByLabelText('Speed basis'), 'maxMeanGem');
    const threshold = within(form).getByLabelText('Threshold of class 1 (m/s)');
    await user.clear(threshold);
    await user.type(threshold, '3.5');
    const exceedance = within(form).getByLabelText('Allowed exceedance of class 1 (%)');
    await user.clear(exceedance);
    await user.type(exceedance, '2.2');
    await user.click(within(form).getByRole('button', { name: 'Add safety limit' }));
    expect(within(form).getByLabelText('Threshold of safety limit 1 (m/s)')).toHaveValue(15);
    // Submit with the keyboard from the last field.
    within(form).getByLabelText('Name').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      pk: null,
      table: {
        name: 'Balconies',
        speedType: 'maxMeanGem',
        exceedanceComparison: 'atMost',
        classes: [
          { label: 'Sitting', thresholdMs: 3.5, allowedExceedance: 0.022, colour: '#2c7bb6' },
          { label: 'Walking', thresholdMs: 8, allowedExceedance: 0.05, colour: '#fdae61' },
          { label: 'Uncomfortable', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
        ],
        safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.00022, colour: '#8073ac' }],
      },
    });
    expect(await screen.findByText('Criterion table "Balconies" added.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New criterion table' })).toBeNull();
  });

  it('refuses a percentage above 100 at the field, and shows the server’s messages at the fields they name', async () => {
    const user = userEvent.setup();
    const refused: ServerError = {
      kind: 'http',
      status: 400,
      detail: null,
      fields: { 'classes.1.thresholdMs': ['Classes go from most to least comfortable: 2 m/s is below the 3 m/s of the row before.'] },
      body: null,
    };
    const { logic, saved } = fakes({ save: async () => Promise.reject(refused) });
    render(<CriteriaPanel canManage logic={logic} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Podium terraces' }));
    const form = screen.getByRole('form', { name: 'Edit “Podium terraces”' });
    expect(within(form).getByLabelText('Allowed exceedance of class 1 (%)')).toHaveValue(4);
    const exceedance = within(form).getByLabelText('Allowed exceedance of class 2 (%)');
    await user.clear(exceedance);
    await user.type(exceedance, '150');
    await user.click(within(form).getByRole('button', { name: 'Save table' }));
    expect(within(form).getByLabelText('Allowed exceedance of class 2 (%)')).toHaveAccessibleDescription('Enter a percentage from 0 to 100.');
    expect(saved).toHaveLength(0);

    await user.clear(exceedance);
    await user.type(exceedance, '5');
    await user.click(within(form).getByRole('button', { name: 'Save table' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.pk).toBe(4);
    expect(await within(form).findByText(/2 m\/s is below the 3 m\/s/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Threshold of class 2 (m/s)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('copies a built-in criterion into a new table', async () => {
    const user = userEvent.setup();
    render(<CriteriaPanel canManage logic={fakes().logic} />);
    await user.click(await screen.findByRole('button', { name: 'New table from Davenport' }));
    const form = screen.getByRole('form', { name: 'New criterion table' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Davenport (copy)');
    expect(within(form).getByLabelText('Threshold of class 4 (m/s)')).toHaveValue(9.8);
    expect(within(form).getByLabelText('Allowed exceedance of class 4 (%)')).toHaveValue(1.5);
  });

  it('deletes a table after confirmation', async () => {
    const user = userEvent.setup();
    const { logic, deleted } = fakes();
    render(<CriteriaPanel canManage logic={logic} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Podium terraces' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Podium terraces”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete table' }));
    await waitFor(() => expect(deleted).toEqual([4]));
    expect(await screen.findByText('Criterion table "Podium terraces" deleted.')).toBeInTheDocument();
    expect(screen.getByText('No criterion tables of your own')).toBeInTheDocument();
  });
});
