/**
 * An uploaded model in the geometry step, by role and text with fake services: an OBJ asks its
 * units and up-axis and imports with the user's answer; a refused IFC shows the server's words and
 * offers to try again; while the server reads a model, its progress on the project's event stream
 * (geometry.import) fills a progress bar with words.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModelImportResult } from '@canopy/contract/geometry-import.ts';
import { passedReport, enoughCredit, options } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { act } from '@testing-library/react';
import { ToastContext } from '../../app/contexts.ts';
import { LiveStatusLogicContext, LiveStatusProvider } from './live-status-provider.tsx';
import { ModelImportRow } from './model-import-row.tsx';

const RESULT: ModelImportResult = {
  source_upload_id: 7,
  upload_id: 8,
  filename: 'tower.stl',
  size: 684,
  triangles: 12,
  metres_per_unit: 0.3048,
  units_from: 'user',
  up_axis: 'y',
  up_axis_from: 'user',
  bounds_m: [0, 0, 0, 10, 20, 30],
};

function services(importModel: ScenarioServices['importModel']): ScenarioServices {
  return {
    loadWizard: vi.fn(async () => ({ options, scenario: null })),
    saveScenario: vi.fn(),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(),
    runAction: vi.fn(),
    importModel,
  };
}

function renderRow(filename: string, importModel: ScenarioServices['importModel']) {
  const onImported = vi.fn();
  render(
    <ScenarioLogicContext.Provider value={bindScenarioLogic(services(importModel))}>
      <ModelImportRow projectId={3} file={{ upload_id: 7, filename, size: 1000 }} onImported={onImported} onRemove={() => undefined} />
    </ScenarioLogicContext.Provider>,
  );
  return onImported;
}

describe('ModelImportRow', () => {
  it('asks an OBJ’s units and up-axis, and imports it with them', async () => {
    const importModel = vi.fn(async () => RESULT);
    const onImported = renderRow('tower.obj', importModel);
    expect(screen.getByRole('group', { name: 'Import tower.obj' })).toHaveTextContent('tower.obj does not say its units or which way is up');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Drawn in' }), 'feet');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Up axis' }), 'Y up (Blender, Maya)');
    await userEvent.click(screen.getByRole('button', { name: 'Import tower.obj' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(importModel).toHaveBeenCalledWith({ projectId: 3, uploadId: 7, units: 'ft', upAxis: 'y' });
    expect(onImported.mock.calls[0]![0]).toMatchObject({ file: { upload_id: 8, filename: 'tower.stl' } });
  });

  it('shows the server’s words for a refused IFC and offers to try again', async () => {
    const importModel = vi.fn(async () => {
      throw Object.assign(new Error('400'), {
        kind: 'http',
        status: 400,
        detail: null,
        fields: { upload_id: ['tower.ifc cannot be imported: it has no building elements with 3D body geometry.'] },
        body: null,
      });
    });
    renderRow('tower.ifc', importModel);
    expect(await screen.findByRole('alert')).toHaveTextContent('tower.ifc cannot be imported: it has no building elements with 3D body geometry.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tower.ifc' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Drawn in' })).toBeNull();
  });

  it('shows the server’s progress reading the model as a bar with words; another file’s progress is not its own', async () => {
    const sockets: ((e: SocketEvent) => void)[] = [];
    const live = liveStatusMachine.provide({
      actors: {
        negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
        socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
          sockets.push(sendBack);
          sendBack({ type: 'socket.open' });
          return () => undefined;
        }),
        fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
        warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
      },
    });
    const push = (upload_id: number, percent: number) =>
      act(() => sockets.forEach((s) => s({ type: 'socket.message', message: { type: 'geometry.import', project_id: 3, upload_id, percent } })));
    render(
      <ToastContext.Provider>
        <LiveStatusLogicContext.Provider value={live}>
          <LiveStatusProvider>
            <ScenarioLogicContext.Provider value={bindScenarioLogic(services(() => new Promise<ModelImportResult>(() => undefined)))}>
              <ModelImportRow
                projectId={3}
                file={{ upload_id: 7, filename: 'tower.ifc', size: 1000 }}
                onImported={() => undefined}
                onRemove={() => undefined}
              />
            </ScenarioLogicContext.Provider>
          </LiveStatusProvider>
        </LiveStatusLogicContext.Provider>
      </ToastContext.Provider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Reading tower.ifc into a geometry file…' });
    expect(bar).not.toHaveAttribute('value');
    await waitFor(() => expect(sockets.length).toBe(1));
    push(7, 45);
    expect(screen.getByRole('progressbar', { name: 'Reading tower.ifc into a geometry file: 45% read' })).toHaveAttribute('value', '45');
    push(8, 90);
    expect(screen.getByRole('status')).toHaveTextContent('Reading tower.ifc into a geometry file: 45% read');
  });
});
