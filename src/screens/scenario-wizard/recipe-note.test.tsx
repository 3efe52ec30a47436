/**
 * A criterion's recipe in the weather step, by role and text: choosing pedestrian wind
 * comfort (its first criterion picked) fills the seasons and times from the criterion's recipe,
 * with a note naming it; typing other times makes them the user's and the note goes.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { options, validValues } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { emptyValues } from '@machines/scenario-wizard/scenario-inputs.ts';
import { ToastContext } from '../../app/contexts.ts';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { ScenarioWizardModal } from './index.ts';

const criteria = [
  { id: 'lawson-lddc', name: 'Lawson LDDC' },
  { id: 'davenport', name: 'Davenport' },
];

/** A stored scenario with thermal comfort only, its seasons and times still the form's defaults. */
function stored() {
  const { seasons, times } = emptyValues();
  return { ...validValues(), analyses: [{ analysis_type: 'thermal_comfort' as const, metrics: ['UTCI'] }], parameterSets: {}, seasons, times };
}

function renderWizard(getRecipeDefaults: ScenarioServices['getRecipeDefaults']) {
  const services: ScenarioServices = {
    loadWizard: vi.fn(async () => ({
      options: { ...options, criteria },
      scenario: { id: 9, study_id: 70, name: 'Podium option B', status: 'draft', values: stored() },
    })),
    saveScenario: vi.fn(),
    startValidation: vi.fn(),
    getValidation: vi.fn(),
    loadCost: vi.fn(),
    submit: vi.fn(),
    runAction: vi.fn(),
    getRecipeDefaults,
  };
  const uploads: UploadServices = {
    requestUploadUrl: vi.fn(),
    findUpload: vi.fn(),
    listUploads: async () => [],
    send: () => () => undefined,
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
      <UploadLogicContext.Provider value={bindUploadLogic(uploads)}>
        <LiveStatusLogicContext.Provider value={live}>
          <ScenarioLogicContext.Provider value={bindScenarioLogic(services)}>
            <ScenarioWizardModal projectId={7} mode="edit" configurationId={9} onClose={() => {}} onChanged={() => {}} />
          </ScenarioLogicContext.Provider>
        </LiveStatusLogicContext.Provider>
      </UploadLogicContext.Provider>
    </ToastContext.Provider>,
  );
  return services;
}

const next = (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole('button', { name: 'Next' }));

describe("the weather step from a criterion's recipe", () => {
  it('fills seasons and times from the recipe with a note naming the criterion, until the user changes them', async () => {
    const u = userEvent.setup();
    const recipe = vi.fn(async (criterionId: string) => ({
      criterionId,
      seasons: ['annual', 'winter', 'spring', 'summer', 'autumn'],
      windows: ['00:00-24:00', '07:00-23:00'],
    }));
    renderWizard(recipe);
    await screen.findByRole('textbox', { name: 'Scenario name' });
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    expect(recipe).toHaveBeenCalledWith('lawson-lddc');
    await next(u);
    await next(u);
    expect(await screen.findByRole('note')).toHaveTextContent("Seasons and hours from Lawson LDDC's recipe. Change them below to use your own.");
    for (const season of ['Annual', 'Winter', 'Spring', 'Summer', 'Autumn']) expect(screen.getByRole('checkbox', { name: season })).toBeChecked();
    const times = screen.getByRole('textbox', { name: 'Times' });
    expect(times).toHaveValue('00:00-23:59, 07:00-23:00');
    await u.clear(times);
    await u.type(times, '10:00-16:00');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    // The user's times stand: the step goes on without a flag.
    await next(u);
    expect(screen.getByRole('heading', { level: 3 })).not.toHaveTextContent(/weather/i);
  });

  it('without an answer (the read failed) the weather step keeps its values and shows no note', async () => {
    const u = userEvent.setup();
    renderWizard(vi.fn(async () => Promise.reject(new Error('offline'))));
    await screen.findByRole('textbox', { name: 'Scenario name' });
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    await next(u);
    await next(u);
    expect(await screen.findByRole('textbox', { name: 'Times' })).toHaveValue('08:00-18:00');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
