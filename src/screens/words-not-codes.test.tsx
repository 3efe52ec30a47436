/**
 * Words, not codes: the rendered viewer, scenario wizard and project pages are scanned for
 * identifier-shaped strings (snake_case and camelCase keys, layer codes like "WinSpeR SpeRat", a
 * record's id where its name belongs, "2 class") — every label a person reads is in words.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { enoughCredit, options, passedReport } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { ToastContext } from '../app/contexts.ts';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../services/scenario-wizard-services.ts';
import { LiveStatusLogicContext } from './scenario-wizard/live-status-provider.tsx';
import { ScenarioWizardModal } from './scenario-wizard/index.ts';
import { fakeWorkspace, quietLive, renderWorkspace } from './workspace-testing/workspace-test-kit.tsx';
import { fakeServices as fakeViewerServices, renderViewer } from './viewer/viewer-test-kit.tsx';
import { identifierShaped, readableText } from './workspace-testing/identifier-scan.ts';

const codes = () => identifierShaped(readableText());

describe('the scan itself', () => {
  it('finds what the issue saw, and not words', () => {
    expect(
      identifierShaped('WinSpeR SpeRat · PLW ComCla · Dir WinSpe · Simulation 4 · pedestrian wind comfort · pedestrian_wind_comfort · 2.00 class · speedRatio'),
    ).toEqual([
      'snake_case: pedestrian_wind_comfort',
      'camelCase: speedRatio',
      'code: WinSpeR',
      'code: SpeRat',
      'code: ComCla',
      'code: WinSpe',
      'id for a name: Simulation 4',
      'class as a unit: 2.00 class',
    ]);
    expect(identifierShaped('Standing · OpenStreetMap · GeoJSON · CFD · UTCI · 4.25 m/s · Study 1 · PDFs')).toEqual([]);
  });
});

describe('rendered screens read in words', () => {
  it('the viewer: layers, simulations, panels', async () => {
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer', fakeViewerServices());
    const layers = await screen.findByRole('region', { name: 'Matching layers' });
    await within(layers).findAllByRole('checkbox');
    expect(codes()).toEqual([]);
  });

  it('the project overview and its settings tabs', async () => {
    const services = fakeWorkspace({
      getProject: async (id) => fullProject(id),
      loadScenarios: async () => ({
        70: [
          { id: 5, name: 'Three towers', status: 'awaiting_approval', engine: 'CFD' as const, outputs: [] },
          { id: 6, name: 'Podium', status: 'completed', engine: 'CFD' as const, madeBy: 'canopy' as const, outputs: [{ analysis_type: 'solar', count: 2 }] },
        ],
      }),
    });
    const { unmount } = renderWorkspace('/projects/7', services, {
      projectPermissions: { '7': ['projects.change_project', 'simulation_assets.add_configuration'] },
    });
    await screen.findByRole('article', { name: 'Scenario Podium' });
    await waitFor(() => expect(screen.queryByText(/^Loading/)).toBeNull());
    expect(codes()).toEqual([]);
    unmount();
    for (const tab of ['details', 'scenarios', 'parameter-sets', 'share', 'admin']) {
      const view = renderWorkspace(`/projects/7/${tab}`, services, { projectPermissions: { '7': ['projects.change_project'] } });
      await screen.findByRole('navigation', { name: 'Project settings' });
      await waitFor(() => expect(screen.queryByText(/^Loading/)).toBeNull());
      expect({ tab, codes: codes() }).toEqual({ tab, codes: [] });
      view.unmount();
    }
  });

  it('the scenario wizard, step by step', async () => {
    const user = userEvent.setup();
    const scenarios: ScenarioServices = {
      loadWizard: async () => ({ options, scenario: null }),
      saveScenario: async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' as const }),
      startValidation: async () => passedReport,
      getValidation: async () => passedReport,
      loadCost: async () => enoughCredit,
      submit: async () => ({ status: 'queued' as const, creditsDebited: 24, creditsLeft: 76 }),
      runAction: async () => 9,
    };
    render(
      <ToastContext.Provider>
        <LiveStatusLogicContext.Provider value={quietLive()}>
          <ScenarioLogicContext.Provider value={bindScenarioLogic(scenarios)}>
            <ScenarioWizardModal projectId={7} mode="create" onClose={() => {}} />
          </ScenarioLogicContext.Provider>
        </LiveStatusLogicContext.Provider>
      </ToastContext.Provider>,
    );
    const seen: string[] = [];
    await user.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Three towers');
    await user.click(screen.getByRole('radio', { name: /^CFD/ }));
    seen.push(...codes());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    await user.click(screen.getByRole('checkbox', { name: 'Run solar' }));
    seen.push(...codes());
    for (let step = 0; step < 3; step++) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      seen.push(...codes());
    }
    expect([...new Set(seen)]).toEqual([]);
  });
});
