/**
 * 'Add scenario': the entry point of the project tile and the settings' Scenarios tab. The wizard
 * is loaded when first opened, so the project list does not carry it.
 *
 * `onChanged` is called once the wizard closes, if a scenario was saved or submitted meanwhile: the
 * lists it refreshes may re-render the place this button sits in (the Scenarios tab's empty state
 * becomes a table; a project list page is fetched again), and that must not close the wizard
 * halfway through the validation or the cost.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';

const ScenarioWizardModal = lazy(() => import('./scenario-wizard-modal.tsx').then((m) => ({ default: m.ScenarioWizardModal })));

export interface AddScenarioButtonProps {
  projectId: number;
  studyId?: number;
  /** After the wizard closed, when it saved or submitted a scenario. */
  onChanged?(): void;
  size?: 'sm' | 'md';
}

export function AddScenarioButton({ projectId, studyId, onChanged, size = 'sm' }: AddScenarioButtonProps) {
  // Whether the modal is open is view state; everything inside it is the wizard machine's.
  const [open, setOpen] = useState(false);
  const changed = useRef(false);
  const markChanged = useCallback(() => {
    changed.current = true;
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    if (!changed.current) return;
    changed.current = false;
    onChanged?.();
  }, [onChanged]);
  return (
    <>
      <Button size={size} tone="primary" onClick={() => setOpen(true)}>
        Add scenario
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ScenarioWizardModal projectId={projectId} studyId={studyId} mode="create" onClose={close} onChanged={markChanged} />
        </Suspense>
      ) : null}
    </>
  );
}
