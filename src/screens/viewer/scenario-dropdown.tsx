/**
 * The viewer's scenario dropdown (SPEC §2 "viewer, has dropdown"): the study's
 * scenarios by their names from the configuration routes, and 'New scenario…' — for users who may
 * add scenarios to the project — which opens the scenario wizard (loaded on first use, so the viewer
 * chunk does not carry it). A scenario saved from it makes the viewer read the study again once
 * the wizard closes.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { selectCanInProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { scenarioOptions, type StudyScenarios } from './use-study-scenarios.ts';

const ScenarioWizardModal = lazy(() => import('../scenario-wizard/scenario-wizard-modal.tsx').then((m) => ({ default: m.ScenarioWizardModal })));

/** The option that opens the wizard instead of switching scenario. */
export const NEW_SCENARIO = 'new-scenario';

export interface ScenarioDropdownProps {
  projectId: number;
  studyId: number;
  configurationId: number;
  scenarios: StudyScenarios;
  onSelect(configurationId: number): void;
  /** After the wizard closed, when it saved or submitted a scenario. */
  onScenarioAdded(): void;
}

export function ScenarioDropdown({ projectId, studyId, configurationId, scenarios, onSelect, onScenarioAdded }: ScenarioDropdownProps) {
  const mayAdd = PermissionsContext.useSelector(selectCanInProject('simulation_assets.add_configuration', projectId));
  // Whether the wizard is open is view state; everything inside it is the wizard machine's.
  const [adding, setAdding] = useState(false);
  const changed = useRef(false);
  const markChanged = useCallback(() => {
    changed.current = true;
  }, []);
  const close = useCallback(() => {
    setAdding(false);
    if (!changed.current) return;
    changed.current = false;
    onScenarioAdded();
  }, [onScenarioAdded]);

  const options = scenarioOptions(scenarios.scenarios, configurationId, scenarios.status === 'loading');
  return (
    <>
      <SelectField
        id="viewer-scenario"
        label="Scenario"
        hideLabel
        value={String(configurationId)}
        aria-busy={scenarios.status === 'loading' || undefined}
        onValueChange={(value) => (value === NEW_SCENARIO ? setAdding(true) : onSelect(Number(value)))}
        options={mayAdd ? [...options, { value: NEW_SCENARIO, label: 'New scenario…' }] : options}
      />
      {adding ? (
        <Suspense fallback={null}>
          <ScenarioWizardModal projectId={projectId} studyId={studyId} mode="create" onClose={close} onChanged={markChanged} />
        </Suspense>
      ) : null}
    </>
  );
}
