/**
 * The operator screen by role and text: reached from the user menu by the operator only;
 * companies with their subscriptions and credits, prices, bad stations and the agreement, each
 * change sent to the services and the lists read again. Fake services keep the lists in memory.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import type { CompanyLimits, OperatorChange, OperatorOverview, Subscription } from '@machines/operator/operator.types.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { App } from '../../app/app.tsx';
import { WorkspaceLogicContext } from '../../app/workspace-context.ts';
import { bindWorkspaceLogic } from '../../services/workspace-services.ts';
import { bindPermissionsLogic, PermissionsLogicContext } from '../../services/permissions-services.ts';
import { fakeServices as fakeAuthServices, storeSession } from '../auth/auth-test-kit.tsx';
import { fakeWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { bindOperatorLogic, OperatorLogicContext, type OperatorServices } from '../../services/operator-services.ts';

const starter = (id: number, plan: string, credits: number, used = 0): Subscription => ({
  id,
  company_id: 2,
  plan,
  credit_type: plan.includes('CFD') ? 'CFD' : 'AI',
  credits_per_period: credits,
  refill_day: 1,
  expires_at: null,
  is_expired: false,
  user: id === 11 ? 5 : null,
  user_name: id === 11 ? 'Fay Founder' : null,
  period_start: '2026-01-01T00:00:00Z',
  next_refill: '2026-02-01T00:00:00Z',
  credits_used: used,
  credits_reserved: 10,
  credits_left: credits - used - 10,
});

/** In-memory services: changes apply to the lists, which the machine then reads again. */
function fakeOperator(refuse: Partial<Record<OperatorChange['kind'], ServerError>> = {}) {
  const state: OperatorOverview = {
    companies: [
      { id: 1, name: 'Canopy Demo', is_rwdi: false, user_count: 1, subscription_count: 1, created: '2026-01-02T00:00:00Z' },
      { id: 2, name: 'Gale Partners', is_rwdi: false, user_count: 3, subscription_count: 2, created: '2026-01-05T00:00:00Z' },
    ],
    simulationPrices: [
      { id: 1, simulation_type: 'solar', credit_type: 'AI', credits: 5, description: 'Sun hours and sun-lit share' },
      { id: 2, simulation_type: 'thermal_comfort', credit_type: 'CFD', credits: 3, description: 'UTCI maps' },
    ],
    planPrices: [{ id: 1, plan: 'Starter', credit_type: 'AI', credits_per_period: 100, period: 'month', price: 490, price_cents: 49_000, currency: 'USD' }],
    badStations: [{ id: 4, wmo: '725300', name: 'Chicago Ohare', reason: 'Anemometer moved', created_by: 1, created_at: '2026-01-03T00:00:00Z' }],
    eulaVersions: [{ id: 1, version: '2025-01', title: 'Terms of use', body: 'Be kind.', published_at: '2025-01-01T00:00:00Z', agreed_count: 4 }],
  };
  let subscriptions = [starter(11, 'Starter (AI)', 200, 40), starter(12, 'Starter (CFD)', 200)];
  let limits: CompanyLimits = {
    company_id: 2,
    max_running_jobs: 8,
    max_running_jobs_is_default: true,
    running_jobs: 2,
    monthly_compute_hours: 500,
    monthly_compute_hours_is_default: true,
    compute_hours_this_month: 12.5,
    storage_bytes: 100 * 1024 ** 3,
    storage_bytes_is_default: true,
    stored_bytes: 3 * 1024 ** 3,
  };
  const applied: OperatorChange[] = [];
  const services: OperatorServices = {
    loadOverview: vi.fn(async () => structuredClone(state)),
    loadCompany: vi.fn(async () => structuredClone({ subscriptions, limits })),
    apply: vi.fn(async (change: OperatorChange) => {
      applied.push(change);
      const refusal = refuse[change.kind];
      if (refusal) throw refusal;
      if (change.kind === 'company.create')
        state.companies.push({ id: 3, name: change.name, is_rwdi: false, user_count: 0, subscription_count: 2, created: '2026-02-01T00:00:00Z' });
      if (change.kind === 'subscription.update')
        subscriptions = subscriptions.map((s) => (s.id === change.id ? starter(s.id, s.plan, change.creditsPerPeriod, s.credits_used) : s));
      if (change.kind === 'limits.update')
        limits = {
          ...limits,
          max_running_jobs: change.maxRunningJobs ?? 8,
          max_running_jobs_is_default: change.maxRunningJobs === null,
          storage_bytes: change.storageGb === null ? 100 * 1024 ** 3 : change.storageGb * 1024 ** 3,
          storage_bytes_is_default: change.storageGb === null,
        };
      if (change.kind === 'price.update')
        state.simulationPrices = state.simulationPrices.map((p) => (p.id === change.id ? { ...p, credits: change.credits } : p));
      if (change.kind === 'badStation.remove') state.badStations = state.badStations.filter((b) => b.id !== change.id);
      if (change.kind === 'eula.publish')
        state.eulaVersions.unshift({
          id: 2,
          version: change.version,
          title: change.title,
          body: change.body,
          published_at: '2026-02-01T00:00:00Z',
          agreed_count: 0,
        });
    }),
  };
  return { services, applied };
}

function renderApp(path: string, options: { operator: boolean; services?: OperatorServices }) {
  storeSession();
  const location = memoryLocation({ path, record: true });
  render(
    <PermissionsLogicContext.Provider value={bindPermissionsLogic(async () => ({ global: [], projects: {}, operator: options.operator }))}>
      <WorkspaceLogicContext.Provider value={bindWorkspaceLogic(fakeWorkspace())}>
        <OperatorLogicContext.Provider value={bindOperatorLogic(options.services ?? fakeOperator().services)}>
          <App hook={location.hook} searchHook={location.searchHook} authServices={fakeAuthServices()} />
        </OperatorLogicContext.Provider>
      </WorkspaceLogicContext.Provider>
    </PermissionsLogicContext.Provider>,
  );
  return { current: () => location.history.at(-1) };
}

describe('the operator screen', () => {
  it('is offered in the user menu to the operator, and opens with every company', async () => {
    const u = userEvent.setup();
    const { current } = renderApp('/projects/', { operator: true });
    await u.click(await screen.findByRole('button', { name: 'User menu' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Operator' }));
    await waitFor(() => expect(current()).toBe('/operator'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Operator | Canopy'));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Gale Partners/ })).toHaveTextContent('Gale Partners32');
  });

  it('is not in the user menu of anyone else', async () => {
    const u = userEvent.setup();
    renderApp('/projects/', { operator: false });
    await u.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Operator' })).not.toBeInTheDocument();
  });

  it('says so when the server refuses a non-operator who opens it by address', async () => {
    const services = fakeOperator().services;
    services.loadOverview = async () =>
      Promise.reject({ kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null } satisfies ServerError);
    renderApp('/operator', { operator: false, services });
    expect(await screen.findByText('Operators only')).toBeInTheDocument();
  });

  it("shows a company's subscriptions with credits used, reserved and left, and changes its credits", async () => {
    const u = userEvent.setup();
    const { services, applied } = fakeOperator();
    renderApp('/operator', { operator: true, services });
    await u.click(await screen.findByRole('button', { name: 'Subscriptions of Gale Partners' }));
    const section = await screen.findByRole('region', { name: 'Subscriptions of Gale Partners' });
    const row = await within(section).findByRole('row', { name: /Starter \(AI\)/ });
    expect(row).toHaveTextContent('Fay Founder');
    const lastThree = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .slice(-3)
        .map((c) => c.textContent);
    // Used, reserved (for results not arrived yet), left.
    expect(lastThree(row)).toEqual(['40', '10', '150']);
    const credits = within(row).getByRole('textbox', { name: 'Credits per month of Starter (AI)' });
    await u.clear(credits);
    await u.type(credits, '500');
    await u.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Credits changed.')).toBeInTheDocument();
    expect(applied).toEqual([{ kind: 'subscription.update', id: 11, creditsPerPeriod: 500 }]);
    expect(lastThree(within(section).getByRole('row', { name: /Starter \(AI\)/ }))).toEqual(['40', '10', '450']);
  });

  it("shows a company's limits with what it uses, and sets its own (a blank field is the default)", async () => {
    const u = userEvent.setup();
    const { services, applied } = fakeOperator();
    renderApp('/operator', { operator: true, services });
    await u.click(await screen.findByRole('button', { name: 'Subscriptions of Gale Partners' }));
    const section = await screen.findByRole('region', { name: 'Limits of Gale Partners' });
    const use = within(section).getByRole('list', { name: 'Use now' });
    expect(use).toHaveTextContent('Jobs running now: 2 of 8 (the installation’s default)');
    expect(use).toHaveTextContent('Analysis compute this month: 12.5 h of 500 h (the installation’s default)');
    expect(use).toHaveTextContent('Storage: 3 GB of 100 GB (the installation’s default)');
    const jobs = within(section).getByRole('textbox', { name: 'Jobs running at once' });
    await u.type(jobs, 'two');
    expect(await within(section).findByText('Enter a whole number of jobs, or leave it blank for the default.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save limits' })).toBeDisabled();
    await u.clear(jobs);
    await u.type(jobs, '3');
    await u.type(within(section).getByRole('textbox', { name: 'Storage (GB)' }), '20');
    await u.click(within(section).getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Limits changed.')).toBeInTheDocument();
    expect(applied).toEqual([{ kind: 'limits.update', companyId: 2, maxRunningJobs: 3, monthlyComputeHours: null, storageGb: 20 }]);
    expect(within(screen.getByRole('region', { name: 'Limits of Gale Partners' })).getByRole('list', { name: 'Use now' })).toHaveTextContent(
      'Jobs running now: 2 of 3',
    );
    expect(screen.getByRole('textbox', { name: 'Jobs running at once' })).toHaveValue('3');
  });

  it('creates a company, and shows the server naming a taken name', async () => {
    const u = userEvent.setup();
    const taken: ServerError = { kind: 'http', status: 400, detail: null, fields: { name: ['A company with this name already exists.'] }, body: null };
    const first = fakeOperator({ 'company.create': taken });
    renderApp('/operator', { operator: true, services: first.services });
    await u.type(await screen.findByRole('textbox', { name: 'New company' }), 'Canopy Demo');
    await u.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('A company with this name already exists.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New company' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes an analysis price, unmarks a bad station and publishes a new agreement', async () => {
    const u = userEvent.setup();
    const { services, applied } = fakeOperator();
    renderApp('/operator', { operator: true, services });

    await u.click(await screen.findByRole('tab', { name: 'Prices' }));
    const price = screen.getByRole('textbox', { name: 'Credits for Solar at the AI level' });
    await u.clear(price);
    await u.type(price, '7');
    await u.click(screen.getByRole('button', { name: 'Save the price of Solar at the AI level' }));
    expect(await screen.findByText('Price changed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Credits for Solar at the AI level' })).toHaveValue('7');

    await u.click(screen.getByRole('tab', { name: 'Bad stations' }));
    await u.click(screen.getByRole('button', { name: 'Unmark station 725300' }));
    // Asked first: Cancel changes nothing.
    await u.click(within(await screen.findByRole('dialog', { name: 'Unmark this station?' })).getByRole('button', { name: 'Cancel' }));
    expect(applied.map((c) => c.kind)).toEqual(['price.update']);
    await u.click(screen.getByRole('button', { name: 'Unmark station 725300' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Unmark this station?' })).getByRole('button', { name: 'Unmark' }));
    expect(await screen.findByText('No station is marked as bad.')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'End-user agreement' }));
    expect(screen.getByText(/Current: version 2025-01, .*agreed by 4/)).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'New version' }), '2026-02');
    await u.click(screen.getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText(/Agreement published/)).toBeInTheDocument();
    expect(screen.getByText(/Current: version 2026-02/)).toBeInTheDocument();
    expect(applied.map((c) => c.kind)).toEqual(['price.update', 'badStation.remove', 'eula.publish']);
    expect(applied[2]).toEqual({ kind: 'eula.publish', version: '2026-02', title: 'Terms of use', body: 'Be kind.' });
  });
});
