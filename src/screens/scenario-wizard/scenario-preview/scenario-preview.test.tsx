/**
 * The scenario preview in the wizard, by role and text: the geometry step shows the files read
 * with a legend in words (each role and its files, the ground, the site marker), a CFD scenario's
 * wind tunnel and study area with their sizes from the server's plan, turned with the wind chosen;
 * the validation step lists the findings beside the preview and selecting one marks it; a file
 * that cannot be read is named and read again on request.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import type { CfdEstimateRequest } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import { canopyCfdOffer, cfdEstimate, failedReport, options, validValues } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { ToastContext } from '../../../app/contexts.ts';
import { LiveStatusLogicContext } from '../live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../../services/scenario-wizard-services.ts';
import { ScenarioWizardModal } from '../index.ts';

vi.setConfig({ testTimeout: 30_000 });

const values = { ...validValues(), analyses: [{ analysis_type: 'pedestrian_wind_comfort' as const, metrics: ['lawson-lddc'] }], parameterSets: {} };
const towerStl = writeBinaryStl(boxSoup(-10, -10, 0, 10, 10, 30));

function renderWizard(readUpload: ScenarioServices['readUpload']) {
  const services: ScenarioServices = {
    loadWizard: vi.fn(async () => ({
      options: { ...options, capabilities: canopyCfdOffer },
      scenario: { id: 9, study_id: 70, name: 'Tower wind', status: 'draft' as const, values },
    })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' as const })),
    startValidation: vi.fn(async () => failedReport),
    getValidation: vi.fn(async () => failedReport),
    loadCost: vi.fn(),
    submit: vi.fn(),
    runAction: vi.fn(),
    planCfd: vi.fn(async (request: CfdEstimateRequest) => cfdEstimate(request.values.cfdTier, Number(request.values.windDirections))),
    readUpload,
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
  return services;
}

async function toGeometry(u: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('textbox', { name: 'Scenario name' });
  for (let i = 0; i < 2; i++) await u.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Geometry files' });
}

const bytesOf = (stl: Uint8Array) => stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer;

describe('the scenario preview', () => {
  it('shows the geometry with its legend, the wind tunnel and study area in metres, and turns the tunnel with the wind', async () => {
    const u = userEvent.setup();
    const services = renderWizard(async () => bytesOf(towerStl));
    await toGeometry(u);
    const legend = await screen.findByRole('list', { name: 'Preview legend' });
    await waitFor(() => expect(screen.getByText(/3 files shown\./)).toBeInTheDocument());
    expect(within(legend).getByText('Study buildings: tower.stl')).toBeInTheDocument();
    expect(within(legend).getByText(/^Ground: ground\.stl/)).toBeInTheDocument();
    expect(within(legend).getByText(/^Site marker/)).toBeInTheDocument();
    // The fixture's plan: 100 × 100 × 40 cells of 4 m, a 60 m region of interest.
    expect(await within(legend).findByText('Wind tunnel for wind from 0°: 400 m along the wind × 400 m across × 160 m high')).toBeInTheDocument();
    expect(within(legend).getByText('Study area (finest cells): a circle 120 m across (60 m radius)')).toBeInTheDocument();
    expect(services.planCfd).toHaveBeenCalledWith(expect.objectContaining({ projectId: 7, analyses: ['pedestrian_wind_comfort'] }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Tunnel for wind from' }), '90');
    expect(within(legend).getByText(/^Wind tunnel for wind from 90°/)).toBeInTheDocument();
    // jsdom has no WebGL: the canvas says so instead of failing.
    const stage = await screen.findByRole('group', { name: /3D preview of the scenario geometry/ }, { timeout: 10_000 });
    expect(within(stage).getByRole('img', { name: '3D view unavailable' })).toBeInTheDocument();
  });

  it('lists the findings beside the preview after validation, and selecting one marks it', async () => {
    const u = userEvent.setup();
    renderWizard(async () => bytesOf(towerStl));
    await toGeometry(u);
    for (let i = 0; i < 3; i++) await u.click(screen.getByRole('button', { name: 'Next' }));
    await u.click(screen.getByRole('button', { name: 'Save and check geometry' }));
    const list = await screen.findByRole('list', { name: 'Findings in the preview' });
    const item = within(list).getByRole('button', { name: 'Error: The study geometry has a 1.0 m wide hole.' });
    expect(item).toHaveAttribute('aria-pressed', 'false');
    await u.click(item);
    expect(item).toHaveAttribute('aria-pressed', 'true');
  });

  it('names a file it could not read and reads it again on request', async () => {
    const u = userEvent.setup();
    let down = true;
    renderWizard(async () => {
      if (down) throw new Error('the server answered 503');
      return bytesOf(towerStl);
    });
    await toGeometry(u);
    expect(await screen.findByText('tower.stl (study buildings) could not be read: the server answered 503')).toBeInTheDocument();
    down = false;
    await u.click(screen.getByRole('button', { name: 'Read again' }));
    await waitFor(() => expect(screen.getByText(/3 files shown\./)).toBeInTheDocument());
  });
});
