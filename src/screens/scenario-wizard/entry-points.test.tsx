/**
 * The scenario entry points inside the app, by role and text, with fake services: the project
 * tile's 'Add scenario', the settings' Scenarios tab (add, live status, row actions: approve,
 * duplicate, delete), the project page's 'Approve', offered only to users who may.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { enoughCredit, options, passedReport, validValues } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import type { PermissionLists } from '@machines/permissions/permissions.machine.ts';
import { App } from '../../app/app.tsx';
import { WorkspaceLogicContext } from '../../app/workspace-context.ts';
import { bindWorkspaceLogic } from '../../services/workspace-services.ts';
import { bindPermissionsLogic, PermissionsLogicContext } from '../../services/permissions-services.ts';
import { fakeServices as fakeAuthServices, storeSession } from '../auth/auth-test-kit.tsx';
import { EVERY_PERMISSION, fakeWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';

function scenarioServices(): ScenarioServices {
  return {
    loadWizard: vi.fn(async () => ({ options, scenario: null })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' as const })),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(async () => ({ status: 'queued' as const, creditsDebited: 24, creditsLeft: 76 })),
    runAction: vi.fn(async () => 9),
  };
}

const sockets: ((event: SocketEvent) => void)[] = [];
const quietLive = liveStatusMachine.provide({
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

function renderApp(path: string, permissions: string[], workspace = fakeWorkspace(), projects: Record<string, string[]> = {}) {
  storeSession();
  const scenarios = scenarioServices();
  const lists: PermissionLists = { global: permissions, projects };
  const location = memoryLocation({ path, record: true });
  render(
    <PermissionsLogicContext.Provider value={bindPermissionsLogic(async () => lists)}>
      <WorkspaceLogicContext.Provider value={bindWorkspaceLogic(workspace)}>
        <ScenarioLogicContext.Provider value={bindScenarioLogic(scenarios)}>
          <LiveStatusLogicContext.Provider value={quietLive}>
            <App hook={location.hook} searchHook={location.searchHook} authServices={fakeAuthServices()} />
          </LiveStatusLogicContext.Provider>
        </ScenarioLogicContext.Provider>
      </WorkspaceLogicContext.Provider>
    </PermissionsLogicContext.Provider>,
  );
  return { scenarios, workspace };
}

describe('scenario entry points', () => {
  it("offers 'Add scenario' on the project tile to users who may add scenarios, and opens the wizard", async () => {
    const user = userEvent.setup();
    renderApp('/projects/', EVERY_PERMISSION, fakeWorkspace(), { 1: ['simulation_assets.add_configuration'] });
    // Only where the per-project list holds it.
    expect(within(await screen.findByRole('article', { name: 'Riverside Park' })).queryByRole('button', { name: 'Add scenario' })).not.toBeInTheDocument();
    const tile = await screen.findByRole('article', { name: 'Harbour Tower' });
    await user.click(await within(tile).findByRole('button', { name: 'Add scenario' }));
    expect(await screen.findByRole('dialog', { name: 'Add scenario' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Scenario name' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add scenario' })).not.toBeInTheDocument());
  });

  it('lists scenarios with their live status in the settings, with add, duplicate and delete', async () => {
    const user = userEvent.setup();
    const workspace = fakeWorkspace({
      loadScenarios: async () => ({ 70: [{ id: 5, name: 'Scenario 5', status: 'awaiting_external_results', engine: 'AI', outputs: [] }] }),
    });
    const { scenarios } = renderApp('/projects/7/scenarios', EVERY_PERMISSION, workspace);
    expect(await screen.findByRole('status', { name: 'Status of scenario 5: Waiting for external results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add scenario' })).toBeInTheDocument();
    // Pushed status changes and notifications arrive without a reload.
    act(() => {
      for (const send of sockets) {
        send({ type: 'socket.message', message: { type: 'scenario.status', project_id: 7, configuration_id: 5, status: 'completed', simulations: [] } });
        send({
          type: 'socket.message',
          message: { type: 'notification', project_id: 7, configuration_id: 5, level: 'success', message: 'Scenario 5 results are in.' },
        });
      }
    });
    expect(await screen.findByRole('status', { name: 'Status of scenario 5: Completed' })).toBeInTheDocument();
    expect(await screen.findByText('Scenario 5 results are in.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Scenario 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    const duplicate = await screen.findByRole('dialog', { name: 'Duplicate scenario' });
    expect(within(duplicate).getByRole('textbox', { name: 'New name' })).toHaveValue('Copy of Scenario 5');
    await user.click(within(duplicate).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Scenario 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete scenario' });
    const reads = workspace.getProject.mock.calls.length;
    await user.click(within(remove).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(scenarios.runAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'delete', projectId: 7, configurationId: 5 })));
    // The project is read again so the lists follow.
    await waitFor(() => expect(workspace.getProject.mock.calls.length).toBeGreaterThan(reads));
  });

  it('approves a scenario awaiting approval from its ••• menu, opening at its cost', async () => {
    const user = userEvent.setup();
    const awaiting = { id: 5, name: 'Three towers', status: 'awaiting_approval', engine: 'CFD' as const, outputs: [] };
    const workspace = fakeWorkspace({ loadScenarios: async () => ({ 70: [awaiting] }) });
    const loaded = {
      options,
      scenario: {
        id: 5,
        study_id: 70,
        name: 'Three towers',
        status: 'awaiting_approval',
        values: validValues(),
        simulation_ids: [11],
        validation: passedReport,
      },
    };
    const { scenarios } = renderApp('/projects/7/scenarios', EVERY_PERMISSION, workspace, { 7: ['simulation_assets.change_configuration'] });
    vi.mocked(scenarios.loadWizard).mockResolvedValue(loaded);
    await user.click(await screen.findByRole('button', { name: 'Actions for Three towers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve scenario' });
    expect(await within(dialog).findByRole('table', { name: 'Cost breakdown' })).toBeInTheDocument();
    expect(scenarios.saveScenario).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and submit' }));
    expect(await within(dialog).findByRole('heading', { name: 'Scenario submitted' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it("offers 'Approve' on the project page's output card of a scenario awaiting approval", async () => {
    const user = userEvent.setup();
    const awaiting = { id: 5, name: 'Three towers', status: 'awaiting_approval', engine: 'CFD' as const, outputs: [] };
    const workspace = fakeWorkspace({ loadScenarios: async () => ({ 70: [awaiting] }) });
    const loaded = {
      options,
      scenario: {
        id: 5,
        study_id: 70,
        name: 'Three towers',
        status: 'awaiting_approval',
        values: validValues(),
        simulation_ids: [11],
        validation: passedReport,
      },
    };
    const { scenarios } = renderApp('/projects/7', EVERY_PERMISSION, workspace, { 7: ['simulation_assets.change_configuration'] });
    vi.mocked(scenarios.loadWizard).mockResolvedValue(loaded);
    const card = await screen.findByRole('article', { name: 'Scenario Three towers' });
    await user.click(within(card).getByRole('button', { name: 'Approve Three towers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve scenario' });
    expect(await within(dialog).findByRole('table', { name: 'Cost breakdown' })).toBeInTheDocument();
  });

  it('offers no Approve to a scenario not awaiting approval, nor without the permission', async () => {
    const user = userEvent.setup();
    const workspace = fakeWorkspace({
      loadScenarios: async () => ({
        70: [
          { id: 5, name: 'Done', status: 'completed', engine: 'CFD' as const, outputs: [] },
          { id: 6, name: 'Waiting', status: 'awaiting_approval', engine: 'CFD' as const, outputs: [] },
        ],
      }),
    });
    renderApp('/projects/7/scenarios', EVERY_PERMISSION, workspace);
    await user.click(await screen.findByRole('button', { name: 'Actions for Done' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers no scenario changes without the permission', async () => {
    const workspace = fakeWorkspace({
      getProject: async (id) => ({ ...(await fakeWorkspace().getProject(id)), can_change: false }),
      loadScenarios: async () => ({ 70: [{ id: 5, name: 'Scenario 5', status: 'completed', outputs: [] }] }),
    });
    renderApp('/projects/7/scenarios', [], workspace);
    expect(await screen.findByRole('status', { name: 'Status of scenario 5: Completed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add scenario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Scenario 5' })).not.toBeInTheDocument();
  });
});
