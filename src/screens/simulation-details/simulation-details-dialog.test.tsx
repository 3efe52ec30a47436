/** The simulation details dialog by role and text, over the real machine with fake services. */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, ScenarioEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { LiveStatusLogicContext } from '../scenario-wizard/live-status-provider.tsx';
import userEvent from '@testing-library/user-event';
import type { SimulationRow } from '@machines/simulation-details/simulation-details.machine.ts';
import { bindSimulationDetails, SimulationDetailsContext, type SimulationDetailsServices } from '../../services/simulation-details-services.ts';
import { SimulationDetailsDialog } from './simulation-details-dialog.tsx';
import { SimulationsButton } from './simulations-button.tsx';

const ml = (over: Partial<SimulationRow> = {}): SimulationRow => ({
  id: 11,
  category: 'pedestrian_wind_comfort',
  engine: 'AI',
  status: 'awaiting_external_results',
  statusText: 'starting simulation',
  computedByCanopy: false,
  version: { kind: 'ml', recorded: false, name: null, version: null, ingestedAt: null },
  ...over,
});
const solar: SimulationRow = { id: 12, category: 'solar', engine: 'AI', status: 'completed', statusText: '', computedByCanopy: true, version: null };

/** The live status over a fake socket the test pushes scenario events into. */
function pushingLive() {
  let push: (message: ScenarioEvent) => void = () => undefined;
  const logic = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
        sendBack({ type: 'socket.open' });
        push = (message) => sendBack({ type: 'socket.message', message });
        return () => undefined;
      }),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
  return { logic, push: (message: ScenarioEvent) => act(() => push(message)) };
}

function show(services: SimulationDetailsServices, live = pushingLive()) {
  render(
    <ToastContext.Provider>
      <LiveStatusLogicContext.Provider value={live.logic}>
        <SimulationDetailsContext.Provider value={bindSimulationDetails(services)}>
          <SimulationDetailsDialog projectId={3} configurationId={7} scenarioName="Tower option A" onClose={() => {}} />
        </SimulationDetailsContext.Provider>
      </LiveStatusLogicContext.Provider>
    </ToastContext.Provider>,
  );
  return live;
}

describe('SimulationDetailsDialog', () => {
  it('lists each simulation with its status and what the results recorded, never an invented model', async () => {
    const unnamed = ml({
      id: 14,
      status: 'completed',
      statusText: 'Results ingested',
      version: { kind: 'ml', recorded: false, name: null, version: null, ingestedAt: null },
    });
    show({
      load: async () => [
        ml(),
        solar,
        ml({
          id: 13,
          status: 'completed',
          statusText: 'done',
          version: { kind: 'ml', recorded: true, name: 'canopy-wind-net', version: '2.1', ingestedAt: '2026-11-20' },
        }),
        unnamed,
      ],
      resubmit: vi.fn(),
      cancel: vi.fn(),
      downloadReport: vi.fn(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Simulations of Tower option A' });
    const awaiting = await within(dialog).findByRole('row', { name: 'Simulation 11' });
    expect(awaiting).toHaveTextContent('Waiting for external results');
    expect(awaiting).toHaveTextContent('Model: known once the results are imported');
    // Completed results that did not name their model say so, without 'not ingested' or 'Request again'.
    const done = within(dialog).getByRole('row', { name: 'Simulation 14' });
    expect(done).toHaveTextContent('Completed');
    expect(done).toHaveTextContent('Model: not named by the imported results');
    expect(done).not.toHaveTextContent(/not ingested/);
    expect(within(done).queryByRole('button', { name: /Request ML results again/ })).toBeNull();
    expect(within(dialog).getByRole('row', { name: 'Simulation 12' })).toHaveTextContent('Computed by Canopy');
    expect(within(dialog).getByRole('row', { name: 'Simulation 13' })).toHaveTextContent('Model: canopy-wind-net 2.1');
    // Canopy's own analyses cannot be "requested again" from an ML service.
    expect(within(dialog).queryByRole('button', { name: 'Request ML results again for simulation 12' })).toBeNull();
  });

  it("follows the live status: a running simulation shows its percentage and time left, then 'Completed' and nothing to contradict it", async () => {
    const thermal: SimulationRow = {
      id: 15,
      category: 'thermal_comfort',
      engine: 'AI',
      status: 'running',
      statusText: 'UTCI on the plane, 6 of 24 chunks (25 %)',
      computedByCanopy: true,
      version: null,
    };
    const failedMl = ml({ id: 11, status: 'failed', statusText: 'The provider failed' });
    const live = show({ load: async () => [thermal, failedMl], resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Simulations of Tower option A' });
    const row = await within(dialog).findByRole('row', { name: 'Simulation 15' });
    expect(row).toHaveTextContent('Running');
    expect(within(dialog).getByRole('button', { name: 'Request ML results again for simulation 11' })).toBeInTheDocument();
    type Sims = Extract<ScenarioEvent, { type: 'scenario.status' }>['simulations'];
    const event = (simulations: Sims): ScenarioEvent => ({ type: 'scenario.status', project_id: 3, configuration_id: 7, status: 'running', simulations });
    live.push(
      event([
        {
          id: 15,
          status: 'running',
          status_text: 'UTCI on the plane, 12 of 24 chunks (50 %)',
          progress: { percent: 50.4, eta_s: 720, phase: 'UTCI on the plane, 12 of 24 chunks', direction: null, updated_at: '' },
        },
        { id: 11, status: 'failed', status_text: 'The provider failed', progress: null },
      ]),
    );
    const bar = within(row).getByRole('progressbar', { name: 'Progress of simulation 15' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(row).toHaveTextContent('50 % · UTCI on the plane, 12 of 24 chunks · about 12 min left');
    // the words are said once: the status text is not repeated beside the progress
    expect(row).not.toHaveTextContent('(50 %)');
    live.push(
      event([
        { id: 15, status: 'completed', status_text: '', progress: null },
        { id: 11, status: 'completed', status_text: 'Results imported', progress: null },
      ]),
    );
    expect(row).toHaveTextContent('Completed');
    expect(within(row).queryByRole('progressbar')).toBeNull();
    const ml11 = within(dialog).getByRole('row', { name: 'Simulation 11' });
    expect(ml11).toHaveTextContent('Completed');
    expect(within(ml11).queryByRole('button', { name: /Request ML results again/ })).toBeNull();
  });

  it('requests ML results again and downloads the QA report of one simulation', async () => {
    const user = userEvent.setup();
    let status = 'failed';
    const resubmit = vi.fn(async () => {
      status = 'awaiting_external_results';
    });
    const downloadReport = vi.fn(async () => {});
    show({ load: async () => [ml({ status })], resubmit, cancel: vi.fn(), downloadReport });
    await user.click(await screen.findByRole('button', { name: 'Request ML results again for simulation 11' }));
    expect(await screen.findByText('Machine-learning results requested again.')).toBeInTheDocument();
    expect(resubmit).toHaveBeenCalledWith({ projectId: 3, configurationId: 7, simulationId: 11 });
    // the row was on screen before the request; wait for the reload to reach it
    await waitFor(() => expect(screen.getByRole('row', { name: 'Simulation 11' })).toHaveTextContent('Waiting for external results'));
    await user.click(screen.getByRole('button', { name: 'QA report of simulation 11' }));
    expect(await screen.findByText('QA report downloaded.')).toBeInTheDocument();
    expect(downloadReport).toHaveBeenCalledWith(11);
  });

  it('cancels results still awaited from outside, saying the reserved credits came back; never a Canopy one', async () => {
    const user = userEvent.setup();
    let status = 'awaiting_external_results';
    const cancel = vi.fn(async () => {
      status = 'cancelled';
      return 20;
    });
    show({ load: async () => [ml({ status }), solar], resubmit: vi.fn(), cancel, downloadReport: vi.fn() });
    expect(await screen.findByRole('button', { name: 'Cancel simulation 11 and return its reserved credits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel simulation 12 and return its reserved credits' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel simulation 11 and return its reserved credits' }));
    expect(await screen.findByText('Cancelled. 20 reserved credits were returned.')).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledWith({ projectId: 3, configurationId: 7, simulationId: 11 });
    const row = await screen.findByRole('row', { name: 'Simulation 11' });
    await waitFor(() => expect(within(row).queryByRole('button', { name: /^Cancel simulation/ })).toBeNull());
    // Its credits came back, so it cannot be asked for again for free.
    expect(within(row).queryByRole('button', { name: 'Request ML results again for simulation 11' })).toBeNull();
  });

  it('says so when the simulations cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    const load = vi
      .fn<SimulationDetailsServices['load']>()
      .mockRejectedValueOnce({ kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null })
      .mockResolvedValue([]);
    show({ load, resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() });
    expect(await screen.findByText(/You do not have permission/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No simulations')).toBeInTheDocument();
  });

  it("a scenario row's Simulations button opens the dialog and Close closes it", async () => {
    const user = userEvent.setup();
    render(
      <ToastContext.Provider>
        <LiveStatusLogicContext.Provider value={pushingLive().logic}>
          <SimulationDetailsContext.Provider
            value={bindSimulationDetails({ load: async () => [solar], resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() })}
          >
            <SimulationsButton projectId={3} configurationId={7} scenarioName="Tower option A" />
          </SimulationDetailsContext.Provider>
        </LiveStatusLogicContext.Provider>
      </ToastContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Simulations of Tower option A' }));
    expect(await screen.findByRole('row', { name: 'Simulation 12' })).toHaveTextContent('Computed by Canopy');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
