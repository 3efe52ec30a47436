/**
 * The create / edit / append scenario modal (SPEC §2): the wizard's steps, then the geometry
 * validation, the cost and approval, and the success modal with the live status. `duplicate` opens
 * the duplicate form instead (ScenarioActionModal). Mountable anywhere (the project tile, the
 * settings' Scenarios tab, the viewer's scenario dropdown): it brings its live status provider,
 * or shares the one above it.
 */
import { useContext, useEffect, useMemo } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectChangingScenario,
  selectCostBlock,
  selectCostPhase,
  selectError,
  selectReachableSteps,
  selectScreen,
  selectValidationPhase,
  type WizardScreen,
} from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { Engine, WizardMode } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { selectCfdChanged } from '@machines/scenario-wizard/cfd-estimate.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { backdrop, dialogTitle } from '../../ui/overlay.css.ts';
import { LiveStatusProvider, useLiveStatus } from './live-status-provider.tsx';
import { ScenarioLogicContext, watchValidationLogic, type LiveEvents } from '../../services/scenario-wizard-services.ts';
import { WizardContext, type WizardRef } from './wizard-context.ts';
import { StepFlags } from './step-flags.tsx';
import { ApprovalNotice } from './approval-notice.tsx';
import { BasicsStep } from './basics-step.tsx';
import { AnalysesStep } from './analyses-step.tsx';
import { GeometryStep } from './geometry-step.tsx';
import { WeatherStep } from './weather-step.tsx';
import { ParametersStep } from './parameters-step.tsx';
import { TermsStep } from './terms-step.tsx';
import { ValidationStep } from './validation-step.tsx';
import { CostStep } from './cost-step.tsx';
import { SuccessStep } from './success-step.tsx';
import { ScenarioActionModal } from './scenario-action-modal.tsx';
import { footer, footerRight, rail, railButton, railItem, wizardContent } from './scenario-wizard.css.ts';

export interface ScenarioWizardModalProps {
  projectId: number;
  studyId?: number;
  configurationId?: number;
  mode: WizardMode;
  /** For duplicate: the scenario's name and engine (the copy's defaults). */
  scenarioName?: string;
  engine?: Engine;
  onClose(): void;
  /** A scenario was saved, submitted or duplicated: lists should refresh. */
  onChanged?(): void;
}

const TITLES: Record<Exclude<WizardMode, 'duplicate'>, string> = {
  create: 'Add scenario',
  edit: 'Edit scenario',
  append: 'Append to scenario',
  approve: 'Approve scenario',
};

const RAIL: { screen: WizardScreen; label: string }[] = [
  { screen: 'basics', label: 'Name and engine' },
  { screen: 'analyses', label: 'Analyses' },
  { screen: 'geometry', label: 'Geometry' },
  { screen: 'weather', label: 'Weather' },
  { screen: 'parameters', label: 'Parameters' },
  { screen: 'terms', label: 'Terms' },
  { screen: 'validation', label: 'Validation' },
  { screen: 'cost', label: 'Cost and approval' },
  { screen: 'submitted', label: 'Submitted' },
];

const STEP_TITLES: Partial<Record<WizardScreen, string>> = {
  basics: 'Name and engine',
  analyses: 'Analyses and metrics',
  geometry: 'Geometry files',
  weather: 'Weather, seasons and times',
  parameters: 'Simulation parameters',
  terms: 'Terms and conditions',
  saving: 'Saving the scenario',
  validation: 'Geometry validation',
  cost: 'Cost and approval',
  submitted: 'Scenario submitted',
};

export function ScenarioWizardModal(props: ScenarioWizardModalProps) {
  if (props.mode === 'duplicate') {
    return (
      <ScenarioActionModal
        kind="duplicate"
        projectId={props.projectId}
        configurationId={props.configurationId ?? 0}
        name={props.scenarioName ?? 'scenario'}
        engine={props.engine ?? 'AI'}
        onClose={props.onClose}
        onDone={props.onChanged}
      />
    );
  }
  return (
    <LiveStatusProvider>
      <WizardModal {...props} mode={props.mode} />
    </LiveStatusProvider>
  );
}

function WizardModal({ projectId, studyId, configurationId, mode, onClose, onChanged }: ScenarioWizardModalProps & { mode: Exclude<WizardMode, 'duplicate'> }) {
  const logic = useContext(ScenarioLogicContext);
  const live = useLiveStatus();
  const machine = useMemo(() => {
    const events: LiveEvents = (listener) => live.on('live.event', (e) => listener(e.message)).unsubscribe;
    return logic.wizard.provide({ actors: { watchValidation: watchValidationLogic(logic.services, events) } });
  }, [logic, live]);
  const wizard = useActorRef(machine, { input: { projectId, studyId: studyId ?? null, configurationId: configurationId ?? null, mode } });
  useEffect(() => {
    const subs = [wizard.on('scenario.saved', () => onChanged?.()), wizard.on('scenario.submitted', () => onChanged?.())];
    const done = wizard.subscribe((s) => {
      if (s.status === 'done') onClose();
    });
    return () => {
      subs.forEach((s) => s.unsubscribe());
      done.unsubscribe();
    };
  }, [wizard, onClose, onChanged]);
  const screen = useSelector(wizard, selectScreen);
  const reachable = useSelector(wizard, selectReachableSteps, (a, b) => a.join() === b.join());

  return (
    <WizardContext.Provider value={wizard}>
      <RadixDialog.Root open onOpenChange={(open) => !open && wizard.send({ type: 'cancel' })}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className={backdrop} />
          <RadixDialog.Content className={wizardContent}>
            <RadixDialog.Title className={dialogTitle}>{TITLES[mode]}</RadixDialog.Title>
            <RadixDialog.Description hidden>{STEP_TITLES[screen] ?? TITLES[mode]}</RadixDialog.Description>
            <ol className={rail} aria-label="Steps">
              {RAIL.map((r) => {
                const target = reachable.find((step) => step === r.screen);
                return (
                  <li
                    key={r.screen}
                    className={railItem}
                    aria-current={r.screen === screen || (screen === 'saving' && r.screen === 'validation') ? 'step' : undefined}
                  >
                    {target ? (
                      <button type="button" className={railButton} onClick={() => wizard.send({ type: 'step.goto', step: target })}>
                        {r.label}
                      </button>
                    ) : (
                      r.label
                    )}
                  </li>
                );
              })}
            </ol>
            <section aria-label={STEP_TITLES[screen] ?? 'Scenario'}>
              <h3 style={{ marginTop: 0 }}>{STEP_TITLES[screen]}</h3>
              <Screen screen={screen} projectId={projectId} wizard={wizard} />
              {isFormStep(screen) ? <ApprovalNotice step={screen} /> : null}
              {isFormStep(screen) ? <StepFlags step={screen} /> : null}
            </section>
            <Footer screen={screen} wizard={wizard} />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </WizardContext.Provider>
  );
}

const FORM = ['basics', 'analyses', 'geometry', 'weather', 'parameters', 'terms'] as const;
type FormScreen = (typeof FORM)[number];
const isFormStep = (screen: WizardScreen): screen is FormScreen => (FORM as readonly string[]).includes(screen);

function Screen({ screen, projectId, wizard }: { screen: WizardScreen; projectId: number; wizard: WizardRef }) {
  const error = useSelector(wizard, selectError);
  switch (screen) {
    case 'loading':
      return <p role="status">Loading the project's weather sources and parameter sets…</p>;
    case 'loadFailed':
      return <InlineMessage tone="danger">{error ?? 'The scenario could not be loaded.'}</InlineMessage>;
    case 'basics':
      return <BasicsStep />;
    case 'analyses':
      return <AnalysesStep />;
    case 'geometry':
      return <GeometryStep projectId={projectId} />;
    case 'weather':
      return <WeatherStep />;
    case 'parameters':
      return <ParametersStep />;
    case 'terms':
      return (
        <>
          <TermsStep />
          {error ? <InlineMessage tone="danger">{error}</InlineMessage> : null}
        </>
      );
    case 'saving':
      return <p role="status">Saving the scenario…</p>;
    case 'validation':
      return <ValidationStep projectId={projectId} />;
    case 'cost':
      return <CostStep />;
    case 'submitted':
      return <SuccessStep />;
    default:
      return null;
  }
}

function Footer({ screen, wizard }: { screen: WizardScreen; wizard: WizardRef }) {
  const validation = useSelector(wizard, selectValidationPhase);
  const costPhase = useSelector(wizard, selectCostPhase);
  const changingScenario = useSelector(wizard, selectChangingScenario);
  // A CFD choice changed at the cost step is applied (saved, checked) before it can be approved.
  const blocked = useSelector(wizard, (s) => selectCostBlock(s) !== null || selectCfdChanged(s));
  const send = (type: 'step.next' | 'step.back' | 'cancel' | 'close' | 'retry' | 'cost.approve') => () => wizard.send({ type });
  const back = (label = 'Back') => <Button onClick={send('step.back')}>{label}</Button>;
  const cancel = (
    <Button tone="ghost" onClick={send('cancel')}>
      Cancel
    </Button>
  );

  let left = null;
  let right = null;
  if (screen === 'submitted')
    right = (
      <Button tone="primary" onClick={send('close')}>
        Close
      </Button>
    );
  else if (screen === 'loadFailed')
    right = (
      <Button tone="primary" onClick={send('retry')}>
        Retry
      </Button>
    );
  else if (isFormStep(screen)) {
    left = screen === 'basics' ? null : back();
    right = (
      <Button tone="primary" onClick={send('step.next')}>
        {screen === 'terms' ? 'Save and check geometry' : 'Next'}
      </Button>
    );
  } else if (screen === 'validation') {
    // A repair or an acknowledgement in flight finishes first (the server is changing the scenario).
    if (!changingScenario) left = back(validation === 'failed' ? 'Back to the geometry' : 'Back');
    if (validation === 'passed')
      right = (
        <Button tone="primary" onClick={send('step.next')}>
          See the cost
        </Button>
      );
  } else if (screen === 'cost') {
    if (costPhase === 'ready' || costPhase === 'failed') left = back();
    if (costPhase === 'ready')
      right = (
        <Button tone="primary" disabled={blocked} onClick={send('cost.approve')}>
          Approve and submit
        </Button>
      );
  }
  return (
    <div className={footer}>
      <div>{left}</div>
      <div className={footerRight}>
        {screen === 'submitted' ? null : cancel}
        {right}
      </div>
    </div>
  );
}
