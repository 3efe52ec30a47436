/**
 * Lists follow scenario changes: a scenario added from the project tile clears the cached
 * project lists (SPEC §4), and the settings' Scenarios tab shows what was added, hidden or deleted
 * from it. The wizard itself is a stand-in here (its steps have their own tests): it says when a
 * scenario was saved and when it closes, which is all the lists listen to. The hide and delete
 * modals are the real ones.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import type { ScenarioSummary } from '@machines/project-detail/project-detail.types.ts';
import { enoughCredit, options, passedReport } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import type { PermissionLists } from '@machines/permissions/permissions.machine.ts';
import { App } from '../../app/app.tsx';
import { WorkspaceLogicContext } from '../../app/workspace-context.ts';
import { bindWorkspaceLogic } from '../../services/workspace-services.ts';
import { bindPermissionsLogic, PermissionsLogicContext } from '../../services/permissions-services.ts';
import { fakeServices as fakeAuthServices, storeSession } from '../auth/auth-test-kit.tsx';
import { EVERY_PERMISSION, fakeWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import type * as WizardModule from './scenario-wizard-modal.tsx';
import type { ScenarioWizardModalProps } from './scenario-wizard-modal.tsx';

vi.mock('./scenario-wizard-modal.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof WizardModule>();
  function StandInWizard(props: ScenarioWizardModalProps) {
    if (props.mode === 'duplicate') return <actual.ScenarioWizardModal {...props} />;
    return (
      <div role="dialog" aria-label="Add scenario">
        <button type="button" onClick={() => props.onChanged?.()}>
          Save the scenario
        </button>
        <button type="button" onClick={() => props.onClose()}>
          Close the wizard
        </button>
      </div>
    );
  }
  return { ...actual, ScenarioWizardModal: StandInWizard };
});

vi.setConfig({ testTimeout: 30_000 });

function scenarioServices(): ScenarioServices {
  return {
    loadWizard: vi.fn(async () => ({ options, scenario: null })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'AI' as const })),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(async () => ({ status: 'queued' as const, creditsDebited: 24, creditsLeft: 76 })),
    runAction: vi.fn(async ({ configurationId }) => configurationId),
  };
}

const quietLive = liveStatusMachine.provide({
  actors: {
    negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
    socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
      sendBack({ type: 'socket.open' });
      return () => undefined;
    }),
    fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
    warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
  },
});

function renderApp(path: string, workspace: ReturnType<typeof fakeWorkspace>, projects: Record<string, string[]> = {}) {
  storeSession();
  const scenarios = scenarioServices();
  const lists: PermissionLists = { global: EVERY_PERMISSION, projects };
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
  return { scenarios };
}

describe('lists follow scenario changes', () => {
  it('a scenario added from the project tile clears the cached project lists once the wizard closes', async () => {
    const user = userEvent.setup();
    const workspace = fakeWorkspace();
    renderApp('/projects/', workspace, { 1: ['simulation_assets.add_configuration'] });
    await screen.findByRole('article', { name: 'Harbour Tower' });
    // The favorites tab is read once, so it is cached too.
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    const tile = await screen.findByRole('article', { name: 'Harbour Tower' });
    const reads = workspace.listProjects.mock.calls.length;
    expect(workspace.listProjects.mock.calls.map(([r]) => r.tab)).toEqual(['all', 'favorites']);

    await user.click(within(tile).getByRole('button', { name: 'Add scenario' }));
    await user.click(await screen.findByRole('button', { name: 'Save the scenario' }));
    // Not while the wizard is open: a re-read list could take the tile, and the wizard, away.
    expect(workspace.listProjects).toHaveBeenCalledTimes(reads);
    await user.click(screen.getByRole('button', { name: 'Close the wizard' }));
    await waitFor(() => expect(workspace.listProjects).toHaveBeenCalledTimes(reads + 1));
    expect(workspace.listProjects.mock.calls.at(-1)![0]).toMatchObject({ tab: 'all', page: 1 });
    // The other tabs were dropped as well: showing one reads it again.
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await waitFor(() => expect(workspace.listProjects).toHaveBeenCalledTimes(reads + 2));
    expect(workspace.listProjects.mock.calls.at(-1)![0]).toMatchObject({ tab: 'favorites', page: 1 });
  });

  it('a wizard closed without saving leaves the cached lists alone', async () => {
    const user = userEvent.setup();
    const workspace = fakeWorkspace();
    renderApp('/projects/', workspace, { 1: ['simulation_assets.add_configuration'] });
    const tile = await screen.findByRole('article', { name: 'Harbour Tower' });
    const reads = workspace.listProjects.mock.calls.length;
    await user.click(within(tile).getByRole('button', { name: 'Add scenario' }));
    await user.click(await screen.findByRole('button', { name: 'Close the wizard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add scenario' })).not.toBeInTheDocument());
    expect(workspace.listProjects).toHaveBeenCalledTimes(reads);
  });

  it('the Scenarios tab shows a scenario added from it, without closing the wizard halfway', async () => {
    const user = userEvent.setup();
    let listed: ScenarioSummary[] = [];
    const workspace = fakeWorkspace({ loadScenarios: async () => ({ 70: listed }) });
    renderApp('/projects/7/scenarios', workspace);
    expect(await screen.findByText('No scenarios yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add scenario' }));
    listed = [{ id: 9, name: 'Proposed massing', status: 'draft', engine: 'AI', outputs: [] }];
    await user.click(await screen.findByRole('button', { name: 'Save the scenario' }));
    expect(screen.getByRole('dialog', { name: 'Add scenario' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the wizard' }));
    expect(await screen.findByRole('cell', { name: 'Proposed massing' })).toBeInTheDocument();
    expect(screen.queryByText('No scenarios yet')).not.toBeInTheDocument();
  });

  it('the Scenarios tab shows a hidden scenario as hidden (with Show), and a deleted one gone', async () => {
    const user = userEvent.setup();
    let listed: ScenarioSummary[] = [{ id: 5, name: 'Existing site', status: 'completed', engine: 'AI', outputs: [] }];
    const workspace = fakeWorkspace({ loadScenarios: async () => ({ 70: listed }) });
    const { scenarios } = renderApp('/projects/7/scenarios', workspace);
    expect(await screen.findByRole('cell', { name: 'Existing site' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Existing site' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    const hide = await screen.findByRole('dialog', { name: 'Hide scenario' });
    listed = [{ ...listed[0]!, hidden: true }];
    await user.click(within(hide).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(scenarios.runAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'hide', configurationId: 5 })));
    expect(await screen.findByText('Hidden')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hide scenario' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for Existing site' }));
    expect(await screen.findByRole('menuitem', { name: 'Show' })).toBeInTheDocument();

    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete scenario' });
    listed = [];
    await user.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No scenarios yet')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Existing site' })).not.toBeInTheDocument();
  });
});
