/**
 * The geometry step's generated slots by role and text: the project's surroundings are
 * offered and ticked; a pedestrian plane at 1.5 m is generated unless a plane is uploaded; a bad
 * spacing holds the step back; the saved values carry both choices.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { canopyOnlyOffer, options } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import type { WizardOptions } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { StoredUpload } from '@machines/upload/upload.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { ScenarioWizardModal } from './index.ts';

function fakeUploads(): UploadServices {
  let id = 40;
  return {
    requestUploadUrl: async () => ({ container_url: '/blobs/assets', uuid: 'u', sas_token: 'sig=x' }),
    findUpload: async (input): Promise<StoredUpload> => ({
      id: ++id,
      uuid: input.uuid,
      filename: input.blobName,
      size: input.size,
      content_type: 'model/stl',
      format: 'stl-binary',
      uploaded_at: '2026-11-23T20:00:00Z',
      download_url: '/x',
    }),
    listUploads: async () => [],
    send: (input, report) => {
      const timer = setTimeout(() => {
        report({ type: 'upload.progress', loaded: input.file.size, total: input.file.size });
        report({ type: 'upload.sent' });
      }, 0);
      return () => clearTimeout(timer);
    },
  };
}

function renderWizard(surrounds: WizardOptions['surrounds']) {
  const services: ScenarioServices = {
    loadWizard: vi.fn(async () => ({ options: { ...options, capabilities: canopyOnlyOffer, surrounds }, scenario: null })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'AI' as const })),
    startValidation: vi.fn(async () => ({ id: 1, state: 'running' as const, findings: [], error: null })),
    getValidation: vi.fn(),
    loadCost: vi.fn(),
    submit: vi.fn(),
    runAction: vi.fn(),
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
      <UploadLogicContext.Provider value={bindUploadLogic(fakeUploads())}>
        <LiveStatusLogicContext.Provider value={live}>
          <ScenarioLogicContext.Provider value={bindScenarioLogic(services)}>
            <ScenarioWizardModal projectId={7} mode="create" onClose={() => {}} onChanged={() => {}} />
          </ScenarioLogicContext.Provider>
        </LiveStatusLogicContext.Provider>
      </UploadLogicContext.Provider>
    </ToastContext.Provider>,
  );
  return services;
}

const next = (u: ReturnType<typeof userEvent.setup>, name = 'Next') => u.click(screen.getByRole('button', { name }));

async function toGeometry(u: ReturnType<typeof userEvent.setup>) {
  await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Plaza');
  await u.click(screen.getByRole('radio', { name: /^AI credits/ }));
  await next(u);
  await u.click(screen.getByRole('checkbox', { name: 'Run solar' }));
  await next(u);
  const study = screen.getByRole('group', { name: 'Study buildings geometry' });
  fireEvent.change(within(study).getByTestId('file-input'), { target: { files: [new File([new Uint8Array(284)], 'tower.stl')] } });
  await within(study).findByRole('button', { name: 'Remove tower.stl' });
}

describe('the geometry step’s generated slots', () => {
  it('offers the project surroundings and a 1.5 m pedestrian plane, ticked, and saves both without a plane upload', async () => {
    const u = userEvent.setup();
    const services = renderWizard({ buildingCount: 4, createdAt: '2026-11-20T10:00:00Z' });
    await toGeometry(u);
    const surrounds = within(screen.getByRole('group', { name: 'Surrounding buildings geometry' })).getByRole('checkbox', {
      name: /Use the project's surroundings \(4 buildings from OpenStreetMap\)/,
    });
    expect(surrounds).toBeChecked();
    const plane = screen.getByRole('group', { name: 'Presentation planes geometry' });
    expect(within(plane).getByRole('checkbox', { name: /Generate a pedestrian plane/ })).toBeChecked();
    expect(within(plane).getByRole('textbox', { name: 'Height above ground (m)' })).toHaveValue('1.5');
    expect(within(plane).getByRole('textbox', { name: 'Point spacing (m)' })).toHaveValue('2');

    await next(u);
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Weather source' }), 'Chicago Ohare Intl Ap');
    await next(u);
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await next(u, 'Save and check geometry');
    await vi.waitFor(() => expect(services.saveScenario).toHaveBeenCalled(), { timeout: 30_000 });
    const saved = vi.mocked(services.saveScenario).mock.calls[0]![0].values;
    expect(saved.projectSurrounds).toBe(true);
    expect(saved.geometry.presentation_planes).toEqual([]);
    expect(saved.pedestrianPlane).toEqual({ generate: true, heightM: '1.5', spacingM: '2', marginM: '40' });
  });

  it('holds the step back for a spacing out of bounds, and asks for a plane when generation is off', async () => {
    const u = userEvent.setup();
    renderWizard(null);
    await toGeometry(u);
    expect(screen.getByText(/This project has no surroundings yet: generate them from OpenStreetMap in Resources/)).toBeInTheDocument();
    const spacing = screen.getByRole('textbox', { name: 'Point spacing (m)' });
    await u.clear(spacing);
    await u.type(spacing, '0.1');
    await next(u);
    expect(
      within(screen.getByRole('alert', { name: 'Fix before continuing' })).getByText(/pedestrian plane's height .* point spacing \(0\.5 to 20 m\)/),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('checkbox', { name: /Generate a pedestrian plane/ }));
    expect(screen.queryByRole('textbox', { name: 'Point spacing (m)' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('alert', { name: 'Fix before continuing' })).getByText(/Add a presentation plane \(an STL file\) or generate a pedestrian plane/),
    ).toBeInTheDocument();
  });
});
