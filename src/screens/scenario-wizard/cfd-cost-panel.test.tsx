/**
 * The cost step of a scenario on Canopy's CFD, by role and text: the directions and the
 * resolution to choose, the estimate (cells, memory, minutes per direction and in all, credits)
 * updating when either changes, the server's refusal of a grid too large for the tier, and approval
 * held back until a changed choice is applied — saved and checked again.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import {
  canopyCfdOffer,
  cfdEstimate,
  enoughCredit,
  options,
  passedReport,
  tooLargeForDetailed,
  validValues,
} from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import type { CfdEstimateRequest } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import { ToastContext } from '../../app/contexts.ts';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { ScenarioWizardModal } from './index.ts';

vi.setConfig({ testTimeout: 30_000 });

const values = {
  ...validValues(),
  analyses: [
    { analysis_type: 'pedestrian_wind_comfort' as const, metrics: ['lawson-lddc'] },
    { analysis_type: 'solar' as const, metrics: ['sunlit_share'] },
  ],
  parameterSets: {},
};

function renderWizard() {
  const estimates: CfdEstimateRequest[] = [];
  const services: ScenarioServices = {
    loadWizard: vi.fn(async () => ({
      options: { ...options, capabilities: canopyCfdOffer },
      scenario: { id: 9, study_id: 70, name: 'Tower wind', status: 'draft', values },
    })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11, 12], engine: 'CFD' as const })),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(async () => ({ status: 'queued' as const, creditsDebited: 14, creditsLeft: 86 })),
    runAction: vi.fn(),
    estimateCfd: vi.fn(async (request: CfdEstimateRequest) => {
      estimates.push(request);
      if (request.values.cfdTier === 'detailed') throw tooLargeForDetailed;
      return request.analyses.map((analysis_type) => ({ analysis_type, estimate: cfdEstimate(request.values.cfdTier, Number(request.values.windDirections)) }));
    }),
  };
  const live = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(() => () => undefined),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
  render(
    <ToastContext.Provider>
      <LiveStatusLogicContext.Provider value={live}>
        <ScenarioLogicContext.Provider value={bindScenarioLogic(services)}>
          <ScenarioWizardModal projectId={7} configurationId={9} mode="edit" onClose={() => {}} onChanged={() => {}} />
        </ScenarioLogicContext.Provider>
      </LiveStatusLogicContext.Provider>
    </ToastContext.Provider>,
  );
  return { services, estimates };
}

async function toCost(u: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('textbox', { name: 'Scenario name' });
  for (let i = 0; i < 5; i++) await u.click(screen.getByRole('button', { name: 'Next' }));
  await u.click(screen.getByRole('button', { name: 'Save and check geometry' }));
  await u.click(await screen.findByRole('button', { name: 'See the cost' }));
  await screen.findByRole('table', { name: 'Cost breakdown' });
}

describe("the cost step of Canopy's CFD wind", () => {
  it('shows the estimate for the directions and tier, updates it when they change, and applies a new choice before approval', async () => {
    const u = userEvent.setup();
    const { services, estimates } = renderWizard();
    await toCost(u);
    const panel = screen.getByRole('group', { name: "Canopy's CFD wind" });
    expect(within(panel).getByRole('radio', { name: '16' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Rapid (4 m)' })).toBeChecked();
    await within(panel).findByRole('table', { name: 'CFD estimate' });
    expect(within(panel).getByLabelText('CFD grid')).toHaveTextContent('530,000 cells in 1 level, finest 4 m');
    expect(within(panel).getByLabelText('CFD grid')).toHaveTextContent('240 MB');
    expect(within(panel).getByLabelText('CFD grid')).toHaveTextContent(/on 2 threads \(assumed until this installation has run one\)$/);
    const row = within(within(panel).getByRole('table', { name: 'CFD estimate' })).getByRole('row', { name: /Pedestrian wind comfort/ });
    expect(row).toHaveTextContent('Pedestrian wind comfort (16 directions, rapid)');
    expect(row).toHaveTextContent('1.2 min');
    expect(row).toHaveTextContent('19 min');
    expect(row).toHaveTextContent('10 CFD');
    expect(screen.getByRole('button', { name: 'Approve and submit' })).toBeEnabled();

    // Fewer directions: the estimate follows; approval waits for the choice to be applied.
    await u.click(within(panel).getByRole('radio', { name: '8' }));
    await waitFor(() => expect(within(panel).getByRole('row', { name: /Pedestrian wind comfort/ })).toHaveTextContent('8 directions, rapid'));
    expect(within(panel).getByRole('row', { name: /Pedestrian wind comfort/ })).toHaveTextContent('9.6 min');
    expect(screen.getByRole('button', { name: 'Approve and submit' })).toBeDisabled();
    expect(panel).toHaveTextContent(
      'The cost breakdown above is for 16 directions at the rapid tier. Apply 8 directions at the rapid tier to save it, check the geometry again and see its cost.',
    );

    // The detailed tier is too fine for this geometry: the server's numbers and the way out.
    await u.click(within(panel).getByRole('radio', { name: 'Detailed (2 m)' }));
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent(
      'This choice cannot run: The grid for the detailed tier would need 14,800,000 cells (limit 12,000,000) and 6.6 GB of memory (limit 4.0 GB). Choose the rapid tier (4 m cells)',
    );
    expect(within(panel).getByRole('button', { name: 'Apply and check again' })).toBeDisabled();

    // Back to rapid with 8 directions, applied: saved and checked again, then approved.
    await u.click(within(panel).getByRole('radio', { name: 'Rapid (4 m)' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Apply and check again' })).toBeEnabled());
    await u.click(within(panel).getByRole('button', { name: 'Apply and check again' }));
    await waitFor(() => expect(services.saveScenario).toHaveBeenCalledTimes(2));
    expect(vi.mocked(services.saveScenario).mock.calls[1]![0].values).toMatchObject({ windDirections: '8', cfdTier: 'rapid' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve and submit' })).toBeEnabled());
    expect(services.startValidation).toHaveBeenCalledTimes(2);
    // Back at the cost: the estimate of the applied choice is asked once more.
    await waitFor(() => expect(estimates).toHaveLength(5));
    expect(estimates.map((e) => `${e.values.windDirections} ${e.values.cfdTier}`)).toEqual(['16 rapid', '8 rapid', '8 detailed', '8 rapid', '8 rapid']);
    await u.click(screen.getByRole('button', { name: 'Approve and submit' }));
    await waitFor(() => expect(services.submit).toHaveBeenCalledTimes(1));
  });
});
