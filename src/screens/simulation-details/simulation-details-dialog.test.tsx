/** The simulation details dialog by role and text, over the real machine with fake services. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SimulationRow } from '@machines/simulation-details/simulation-details.machine.ts';
import { bindSimulationDetails, SimulationDetailsContext, type SimulationDetailsServices } from './simulation-details-services.ts';
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

function show(services: SimulationDetailsServices) {
  return render(
    <SimulationDetailsContext.Provider value={bindSimulationDetails(services)}>
      <SimulationDetailsDialog projectId={3} configurationId={7} scenarioName="Tower option A" onClose={() => {}} />
    </SimulationDetailsContext.Provider>,
  );
}

describe('SimulationDetailsDialog', () => {
  it('lists each simulation with its status and what the results recorded, never an invented model', async () => {
    const unnamed = ml({ id: 14, status: 'completed', statusText: 'Results ingested', version: { kind: 'ml', recorded: false, name: null, version: null, ingestedAt: null } });
    show({ load: async () => [ml(), solar, ml({ id: 13, status: 'completed', statusText: 'done', version: { kind: 'ml', recorded: true, name: 'canopy-wind-net', version: '2.1', ingestedAt: '2026-11-20' } }), unnamed], resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Simulations of Tower option A' });
    const awaiting = await within(dialog).findByRole('row', { name: 'Simulation 11' });
    expect(awaiting).toHaveTextContent('Waiting for external results');
    expect(awaiting).toHaveTextContent('Model: known once the results are imported');
    // Completed results that did not name their model say so, without 'not ingested' or 'Request again' (issue 16 item 13).
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
    expect(await screen.findByRole('row', { name: 'Simulation 11' })).toHaveTextContent('Waiting for external results');
    await user.click(screen.getByRole('button', { name: 'QA report of simulation 11' }));
    expect(await screen.findByText('QA report downloaded.')).toBeInTheDocument();
    expect(downloadReport).toHaveBeenCalledWith(11);
  });

  it('cancels results still awaited from outside, saying the reserved credits came back; never a Canopy one (issue 16)', async () => {
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
    const load = vi.fn<SimulationDetailsServices['load']>().mockRejectedValueOnce({ kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null }).mockResolvedValue([]);
    show({ load, resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() });
    expect(await screen.findByText(/You do not have permission/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No simulations')).toBeInTheDocument();
  });

  it("a scenario row's Simulations button opens the dialog and Close closes it", async () => {
    const user = userEvent.setup();
    render(
      <SimulationDetailsContext.Provider value={bindSimulationDetails({ load: async () => [solar], resubmit: vi.fn(), cancel: vi.fn(), downloadReport: vi.fn() })}>
        <SimulationsButton projectId={3} configurationId={7} scenarioName="Tower option A" />
      </SimulationDetailsContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Simulations of Tower option A' }));
    expect(await screen.findByRole('row', { name: 'Simulation 12' })).toHaveTextContent('Computed by Canopy');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
