/**
 * The wizard's offer by role and text: each job level says what runs there and who
 * computes it; the analyses step offers only what runs at the chosen level, says who computes each
 * before the cost step, and holds back an analysis chosen at a level where it does not run.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { canopyOnlyOffer, fullOffer, options } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import type { Capability } from '@machines/scenario-wizard/scenario-offer.ts';
import { ToastContext } from '../../app/contexts.ts';
import { LiveStatusLogicContext } from './live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { ScenarioWizardModal } from './index.ts';

function renderWizard(capabilities: Capability[], criteria?: Array<{ id: string; name: string }>) {
  const services: ScenarioServices = {
    loadWizard: vi.fn(async () => ({ options: { ...options, capabilities, ...(criteria ? { criteria } : {}) }, scenario: null })),
    saveScenario: vi.fn(),
    startValidation: vi.fn(),
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
      <LiveStatusLogicContext.Provider value={live}>
        <ScenarioLogicContext.Provider value={bindScenarioLogic(services)}>
          <ScenarioWizardModal projectId={7} mode="create" onClose={() => {}} onChanged={() => {}} />
        </ScenarioLogicContext.Provider>
      </LiveStatusLogicContext.Provider>
    </ToastContext.Provider>,
  );
}

const next = (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole('button', { name: 'Next' }));

describe('the wizard offers only what runs', () => {
  it('on an installation without a provider: each level names Canopy’s computations, no machine learning', async () => {
    const u = userEvent.setup();
    renderWizard(canopyOnlyOffer);
    const ai = await screen.findByRole('radio', { name: /^AI credits/ });
    expect(ai.closest('label')).toHaveTextContent('AI credits — Solar and thermal comfort computed by Canopy');
    expect(screen.getByRole('radio', { name: /^CFD credits/ }).closest('label')).toHaveTextContent(
      'CFD credits — Solar and thermal comfort computed by Canopy',
    );
    expect(ai.closest('label')).not.toHaveTextContent('provider');
    await u.type(screen.getByRole('textbox', { name: 'Scenario name' }), 'Sun and comfort');
    await u.click(ai);
    await next(u);
    expect(screen.getAllByRole('checkbox', { name: /^Run / }).map((c) => c.getAttribute('id'))).toEqual(['analysis-solar', 'analysis-thermal_comfort']);
    expect(screen.getByRole('group', { name: 'Solar' })).toHaveTextContent('Computed by Canopy: Sun position and ray casting over the scenario geometry.');
    expect(
      screen.getByText(
        'Not available at the AI level on this installation: Pedestrian wind comfort, Directional wind, Pressure (cladding), Structural loading.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Run pedestrian wind comfort' })).not.toBeInTheDocument();
  });

  it('as Canopy ships: everything it computes at the CFD level, and the AI level empty and unavailable', async () => {
    renderWizard(canopyOnlyOffer.filter((c) => c.engine === 'CFD'));
    const ai = await screen.findByRole('radio', { name: /^AI credits/ });
    expect(ai.closest('label')).toHaveTextContent(
      'AI credits — Nothing runs at this level on this installation (no machine-learning provider is configured here)',
    );
    expect(ai).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^CFD credits/ })).toBeEnabled();
  });

  it('with a provider: says the wind results come from it, with credits reserved until they arrive', async () => {
    const u = userEvent.setup();
    renderWizard(fullOffer);
    const cfd = await screen.findByRole('radio', { name: /^CFD credits/ });
    expect(cfd.closest('label')).toHaveTextContent('from Wind lab; solar and thermal comfort computed by Canopy');
    await u.type(screen.getByRole('textbox', { name: 'Scenario name' }), 'Wind');
    await u.click(cfd);
    await next(u);
    const wind = screen.getByRole('group', { name: 'Pedestrian wind comfort' });
    expect(wind).toHaveTextContent('Results from Wind lab');
    expect(wind).toHaveTextContent('Its credits are reserved when you approve and taken only when the results arrive.');
    expect(within(wind).getByRole('checkbox', { name: 'Run pedestrian wind comfort' })).toBeInTheDocument();
  });

  it("offers the server's comfort criteria (GET /api/criteria/) by name, a company's own among them", async () => {
    const u = userEvent.setup();
    renderWizard(fullOffer, [
      { id: 'harbour-2024', name: 'Harbour Authority 2024' },
      { id: 'lawson-lddc', name: 'Lawson LDDC' },
    ]);
    await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Wind');
    await u.click(screen.getByRole('radio', { name: /^CFD credits/ }));
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    const wind = screen.getByRole('group', { name: 'Pedestrian wind comfort' });
    const metrics = within(wind).getAllByRole('checkbox', { name: /metric:/ });
    expect(metrics).toHaveLength(2);
    expect(within(wind).getByRole('checkbox', { name: 'Pedestrian wind comfort metric: Harbour Authority 2024 criterion' })).toBeChecked();
    expect(within(wind).getByRole('checkbox', { name: 'Pedestrian wind comfort metric: Lawson LDDC criterion' })).not.toBeChecked();
  });

  it('holds back an analysis chosen at a level where it does not run, and lets it be removed', async () => {
    const u = userEvent.setup();
    // AI wind from a provider; nothing external at the CFD level.
    renderWizard([...canopyOnlyOffer, ...fullOffer.filter((c) => c.analysis_type === 'pedestrian_wind_comfort' && c.engine === 'AI')]);
    await u.type(await screen.findByRole('textbox', { name: 'Scenario name' }), 'Switch');
    await u.click(screen.getByRole('radio', { name: /^AI credits/ }));
    await next(u);
    await u.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    await u.click(screen.getByRole('button', { name: 'Back' }));
    await u.click(screen.getByRole('radio', { name: /^CFD credits/ }));
    await next(u);
    expect(screen.getByRole('group', { name: 'Pedestrian wind comfort' })).toHaveTextContent('Does not run at the CFD level on this installation.');
    await next(u);
    const held = within(screen.getByRole('alert', { name: 'Fix before continuing' }));
    expect(
      held.getByText('Pedestrian wind comfort does not run at the CFD level on this installation: remove it or choose another level.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }));
    await u.click(screen.getByRole('checkbox', { name: 'Run solar' }));
    await next(u);
    expect(screen.queryByRole('alert', { name: 'Fix before continuing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Run pedestrian wind comfort' })).not.toBeInTheDocument();
  });
});
