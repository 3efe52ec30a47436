/**
 * The scenario wizard modal by role and text, over the real machines with fake services bound
 * through `.provide` (scenario calls, uploads, live status): every step, visible errors, the
 * geometry findings, the cost breakdown, approval, insufficient credit, and the success modal.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { enoughCredit, failedReport, options, passedReport, tooLittleCredit } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { MESSAGES } from '@machines/scenario-wizard/scenario-inputs.ts';
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

function fakeScenarios(overrides: Partial<ScenarioServices> = {}): ScenarioServices {
  return {
    loadWizard: vi.fn(async () => ({ options, scenario: null })),
    saveScenario: vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' as const })),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(async () => ({ status: 'awaiting_external_results' as const, creditsDebited: 24, creditsLeft: 76 })),
    runAction: vi.fn(async () => 10),
    ...overrides,
  };
}

/** A live status whose socket opens at once and whose messages the test pushes. */
function fakeLive() {
  const sockets: ((e: SocketEvent) => void)[] = [];
  const logic = liveStatusMachine.provide({
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
  return { logic, push: (e: SocketEvent) => sockets.forEach((s) => s(e)) };
}

function renderWizard(services: ScenarioServices, props: Partial<Parameters<typeof ScenarioWizardModal>[0]> = {}) {
  const live = fakeLive();
  const onClose = vi.fn();
  const onChanged = vi.fn();
  render(
    <ToastContext.Provider>
      <UploadLogicContext.Provider value={bindUploadLogic(fakeUploads())}>
        <LiveStatusLogicContext.Provider value={live.logic}>
          <ScenarioLogicContext.Provider value={bindScenarioLogic(services)}>
            <ScenarioWizardModal projectId={7} mode="create" onClose={onClose} onChanged={onChanged} {...props} />
          </ScenarioLogicContext.Provider>
        </LiveStatusLogicContext.Provider>
      </UploadLogicContext.Provider>
    </ToastContext.Provider>,
  );
  return { live, onClose, onChanged };
}

const user = () => userEvent.setup();
const next = async (u: ReturnType<typeof user>, name = 'Next') => u.click(screen.getByRole('button', { name }));
const stl = (name: string) => new File([new Uint8Array(284)], name, { type: 'model/stl' });

async function uploadTo(role: string, file: File) {
  const group = screen.getByRole('group', { name: `${role} geometry` });
  fireEvent.change(within(group).getByTestId('file-input'), { target: { files: [file] } });
  await within(group).findByRole('button', { name: `Remove ${file.name}` });
}

/** Fills the form for a solar scenario: name, engine, analysis, geometry, weather, terms. */
async function fillForm(u: ReturnType<typeof user>) {
  await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Podium option B');
  await u.click(screen.getByRole('radio', { name: /CFD/ }));
  await next(u);
  await u.click(screen.getByRole('checkbox', { name: 'Run solar' }));
  await next(u);
  await uploadTo('Study buildings', stl('tower.stl'));
  await uploadTo('Presentation planes', stl('plane.stl'));
  await next(u);
  await u.selectOptions(screen.getByRole('combobox', { name: 'Weather source' }), 'Chicago Ohare Intl Ap');
  await next(u);
  await next(u); // solar (sunlit share) needs no further parameters
  await u.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  await next(u, 'Save and check geometry');
}

describe('scenario wizard modal', () => {
  it('walks every step: geometry uploaded, validation findings, the cost, approval and the live status', async () => {
    const u = user();
    const services = fakeScenarios();
    const { live, onChanged } = renderWizard(services);
    expect(screen.getByRole('dialog', { name: 'Add scenario' })).toBeInTheDocument();
    await fillForm(u);

    const findings = await screen.findByRole('table', { name: 'Geometry findings' });
    expect(within(findings).getByText('warning')).toBeInTheDocument();
    expect(within(findings).getByText('The surrounds are 3 km wide.')).toBeInTheDocument();
    expect(within(findings).getByText('Check that the model is in metres.')).toBeInTheDocument();
    expect(screen.getByText('The geometry passed, with notes below.')).toBeInTheDocument();
    expect(services.saveScenario).toHaveBeenCalledTimes(1);
    const saved = vi.mocked(services.saveScenario).mock.calls[0]![0];
    expect(saved.values.geometry.study.map((f) => f.filename)).toEqual(['tower.stl']);
    expect(saved.values.analyses).toEqual([{ analysis_type: 'solar', metrics: ['sunlit_share'] }]);

    await next(u, 'See the cost');
    const cost = await screen.findByRole('table', { name: 'Cost breakdown' });
    expect(within(cost).getByText('Pedestrian wind comfort: 10 credits × 1 × 2 seasons')).toBeInTheDocument();
    expect(within(cost).getByText('24')).toBeInTheDocument();
    // Who computes each line, and what is debited now versus reserved until external results arrive.
    expect(within(cost).getByRole('row', { name: /Solar/ })).toHaveTextContent('Canopy');
    expect(within(cost).getByRole('row', { name: /Pedestrian wind comfort/ })).toHaveTextContent('Gust ML (reserved until the results arrive)');
    expect(screen.getByText(/^Debited when you approve: 4\. Reserved until the external results arrive: 20/)).toBeInTheDocument();
    expect(screen.getByText('Your Gold subscription has 100 CFD credits left.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Approve and submit' }));

    expect(await screen.findByText('Scenario submitted. 24 credits were debited; 76 left.')).toBeInTheDocument();
    expect(services.submit).toHaveBeenCalledWith({ projectId: 7, studyId: 70, configurationId: 9, expectedCredits: 24 }, 24);
    expect(screen.getByRole('status', { name: 'Status of scenario 9: Waiting for external results' })).toBeInTheDocument();
    expect(screen.getByText(/Awaiting external results: Canopy does not run the CFD wind simulation itself yet/)).toBeInTheDocument();
    expect(screen.getByText('Updates live.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();

    // The status changes live.
    live.push({ type: 'socket.message', message: { type: 'scenario.status', project_id: 7, configuration_id: 9, status: 'running', simulations: [] } });
    expect(await screen.findByRole('status', { name: 'Status of scenario 9: Running' })).toBeInTheDocument();
  });

  it('says at the job level that the subscription cannot approve it, linking to what fixes it; the step chips lead back', async () => {
    const u = user();
    const account = { subscription: { plan: 'Starter (AI)', creditType: 'AI' as const, creditsLeft: 200, expired: false }, canAssign: true };
    renderWizard(fakeScenarios({ loadWizard: vi.fn(async () => ({ options: { ...options, account }, scenario: null })) }));
    await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Towers');
    await u.click(screen.getByRole('radio', { name: /CFD/ }));
    const notice = screen.getByText(/Your subscription \(Starter \(AI\)\) holds AI credits; a scenario at the CFD level needs CFD credits/);
    expect(within(notice).getByRole('link', { name: 'Company administration' })).toHaveAttribute('href', '/company/admin');
    await next(u);
    expect(screen.getByRole('heading', { name: 'Analyses and metrics' })).toBeInTheDocument();
    // Later steps keep saying it; the chip of the first step takes the user back there.
    expect(screen.getByText(/holds AI credits/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weather' })).not.toBeInTheDocument();
    await u.click(within(screen.getByRole('list', { name: 'Steps' })).getByRole('button', { name: 'Name and engine' }));
    expect(screen.getByRole('textbox', { name: 'Scenario name' })).toHaveValue('Towers');
    await u.click(screen.getByRole('radio', { name: /AI/ }));
    expect(screen.queryByText(/holds AI credits/)).not.toBeInTheDocument();
  });

  it('shows what holds a step back, and going back keeps what was typed', async () => {
    const u = user();
    renderWizard(fakeScenarios());
    await screen.findByRole('textbox', { name: 'Scenario name' });
    await next(u);
    const alert = screen.getByRole('alert', { name: 'Fix before continuing' });
    expect(within(alert).getByText(MESSAGES.name)).toBeInTheDocument();
    expect(within(alert).getByText(MESSAGES.engine)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scenario name' })).toHaveAttribute('aria-invalid', 'true');
    await u.type(screen.getByRole('textbox', { name: 'Scenario name' }), 'Tower');
    await u.click(screen.getByRole('radio', { name: /AI/ }));
    expect(screen.queryByRole('alert', { name: 'Fix before continuing' })).not.toBeInTheDocument();
    await next(u);
    expect(screen.getByRole('heading', { name: 'Analyses and metrics' })).toBeInTheDocument();
    await next(u);
    expect(screen.getByText(MESSAGES.analyses)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'Scenario name' })).toHaveValue('Tower');
    expect(screen.getByRole('radio', { name: /AI/ })).toBeChecked();
  });

  it('asks for the parameters the analyses need, with their messages', async () => {
    const u = user();
    renderWizard(fakeScenarios());
    await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Loads');
    await u.click(screen.getByRole('radio', { name: /CFD/ }));
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run structural loading' }));
    await next(u);
    await uploadTo('Study buildings', stl('tower.stl'));
    await next(u);
    await u.selectOptions(screen.getByRole('combobox', { name: 'Weather source' }), 'Chicago Ohare Intl Ap');
    await next(u);
    await next(u);
    const held = () => within(screen.getByRole('alert', { name: 'Fix before continuing' }));
    expect(held().getByText(MESSAGES.returnPeriods('Structural loading'))).toBeInTheDocument();
    expect(held().getByText(MESSAGES.frontalAreas)).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'Return periods for Structural loading (years)' }), '10, 50');
    await u.type(screen.getByRole('textbox', { name: 'Frontal area facing x (m²)' }), '1200');
    await u.type(screen.getByRole('textbox', { name: 'Frontal area facing y (m²)' }), '800');
    await u.clear(screen.getByRole('textbox', { name: 'Reference height (m)' }));
    await u.type(screen.getByRole('textbox', { name: 'Reference height (m)' }), '2000');
    await next(u);
    expect(held().getByText(MESSAGES.referenceHeight)).toBeInTheDocument();
    expect(held().queryByText(MESSAGES.frontalAreas)).not.toBeInTheDocument();
    await u.clear(screen.getByRole('textbox', { name: 'Reference height (m)' }));
    await u.type(screen.getByRole('textbox', { name: 'Reference height (m)' }), '150');
    await next(u);
    expect(screen.getByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
  });

  it('holds approval with a clear error when credit is insufficient', async () => {
    const u = user();
    const services = fakeScenarios({ loadCost: vi.fn(async () => tooLittleCredit) });
    renderWizard(services);
    await fillForm(u);
    await next(u, 'See the cost');
    expect(await screen.findByText(tooLittleCredit.blocked_reason!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve and submit' })).toBeDisabled();
    expect(services.submit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal when the credit ran out meanwhile", async () => {
    const u = user();
    const services = fakeScenarios({
      submit: vi.fn(async () => {
        throw { kind: 'http', status: 400, detail: 'Not enough credits: 24 needed, 4 left.', fields: {}, body: null };
      }),
    });
    renderWizard(services);
    await fillForm(u);
    await next(u, 'See the cost');
    await u.click(await screen.findByRole('button', { name: 'Approve and submit' }));
    expect(await screen.findByText('The submission failed: Not enough credits: 24 needed, 4 left. You are not charged twice.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('failed geometry shows the errors with their fixes and leads back to the geometry', async () => {
    const u = user();
    renderWizard(fakeScenarios({ startValidation: vi.fn(async () => failedReport) }));
    await fillForm(u);
    const findings = await screen.findByRole('table', { name: 'Geometry findings' });
    expect(within(findings).getByText('The study geometry has a 1.0 m wide hole.')).toBeInTheDocument();
    expect(within(findings).getByText('Close the hole and upload the file again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See the cost' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Back to the geometry' }));
    expect(screen.getByRole('heading', { name: 'Geometry files' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tower.stl' })).toBeInTheDocument();
  });

  it('repairs a file with open edges (remesh), checks again and passes; warnings are acknowledged before the cost', async () => {
    const u = user();
    const hole = { ...failedReport.findings[0]!, code: 'open-edges', upload_id: 41, asset: 'tower.stl' };
    const warning = { ...passedReport.findings[0]!, code: 'far-from-origin' };
    const passedWithWarning = { ...passedReport, findings: [warning], warningsAcknowledged: false };
    const reports = [{ ...failedReport, findings: [hole], warningsAcknowledged: false }, passedWithWarning];
    const repairGeometry = vi.fn(async () => ({
      role: 'study' as const,
      sourceUploadId: 41,
      uploadId: 50,
      filename: 'tower-remeshed.stl',
      holesClosed: 1,
      holesLeftOpen: 0,
      flippedTriangles: 0,
      mergedVertices: 3,
      removedDegenerate: 0,
      passed: true,
    }));
    const acknowledgeWarnings = vi.fn(async () => ({ ...passedWithWarning, warningsAcknowledged: true }));
    const startValidation = vi.fn(async () => ({ ...(reports.shift() ?? passedReport) }));
    renderWizard(fakeScenarios({ startValidation, repairGeometry, acknowledgeWarnings }));
    await fillForm(u);
    const repair = await screen.findByRole('region', { name: 'Automatic repair' });
    await u.click(within(repair).getByRole('button', { name: 'Repair tower.stl' }));
    expect(
      await screen.findByText(
        /Repaired the study buildings file as tower-remeshed\.stl: 1 hole closed, 3 vertices merged\. The scenario now uses the repaired file\./,
      ),
    ).toBeInTheDocument();
    expect(repairGeometry).toHaveBeenCalledWith({ projectId: 7, studyId: 70, configurationId: 9, simulationId: 11, role: 'study', uploadId: 41 });
    expect(startValidation).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('The geometry passed, with notes below.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Automatic repair' })).not.toBeInTheDocument();

    expect(screen.getByText(/1 warning to read/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Acknowledge warnings' }));
    expect(await screen.findByText('Warnings acknowledged.')).toBeInTheDocument();
    expect(acknowledgeWarnings).toHaveBeenCalledWith({ projectId: 7, studyId: 70, configurationId: 9, validationId: passedReport.id });
    expect(screen.queryByRole('button', { name: 'Acknowledge warnings' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'See the cost' }));
    expect(await screen.findByRole('table', { name: 'Cost breakdown' })).toBeInTheDocument();
  });

  it('offers the terrain upwind from the wind profiles (GET /api/wind-profiles/) for analyses that use the wind, and saves the choice', async () => {
    const u = user();
    const windProfiles = [
      { id: 'city', name: 'City centre', description: 'Large city centres, at least 50 % of buildings taller than 21 m' },
      { id: 'suburban', name: 'Suburban', description: 'Urban and suburban areas, wooded areas' },
    ];
    const saveScenario = vi.fn(async () => ({ id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' as const }));
    renderWizard(fakeScenarios({ loadWizard: vi.fn(async () => ({ options: { ...options, windProfiles }, scenario: null })), saveScenario }));
    await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Comfort');
    await u.click(screen.getByRole('radio', { name: /CFD/ }));
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run thermal comfort' }));
    await next(u);
    await uploadTo('Study buildings', stl('tower.stl'));
    await next(u);
    const terrain = screen.getByRole('combobox', { name: 'Terrain upwind' });
    expect(terrain).toHaveValue('suburban');
    expect(screen.getByText('Urban and suburban areas, wooded areas')).toBeInTheDocument();
    await u.selectOptions(terrain, 'city');
    expect(screen.getByText('Large city centres, at least 50 % of buildings taller than 21 m')).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Weather source' }), 'Chicago Ohare Intl Ap');
    await next(u);
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await next(u, 'Save and check geometry');
    await waitFor(() => expect(saveScenario).toHaveBeenCalled());
    expect((saveScenario.mock.calls[0] as unknown as [{ values: { terrain?: string } }])[0].values.terrain).toBe('city');
  });

  it('duplicates with a new name and subscription type', async () => {
    const u = user();
    const services = fakeScenarios();
    const { onClose, onChanged } = renderWizard(services, { mode: 'duplicate', configurationId: 9, scenarioName: 'Podium B', engine: 'CFD' });
    const name = screen.getByRole('textbox', { name: 'New name' });
    expect(name).toHaveValue('Copy of Podium B');
    await u.clear(name);
    await u.type(name, 'Podium C');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Subscription type' }), 'AI credits');
    await u.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(services.runAction).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'duplicate', duplicate: { new_name: 'Podium C', subscription_type: 'AI' } }),
    );
    expect(onChanged).toHaveBeenCalled();
  });
});
