/**
 * 'Approve' for a scenario awaiting approval, where its status is shown (the project page's output
 * card): the wizard opens at the scenario's cost, with its steps a chip away. As with 'Add scenario',
 * `onChanged` waits until the wizard closes: the approval changes the status this button depends on,
 * and reloading the list meanwhile would unmount the wizard before its success step.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';

const ScenarioWizardModal = lazy(() => import('./scenario-wizard-modal.tsx').then((m) => ({ default: m.ScenarioWizardModal })));

export interface ApproveScenarioButtonProps {
  projectId: number;
  studyId: number;
  scenario: { id: number; name: string };
  /** After the wizard closed, when it saved or submitted the scenario. */
  onChanged?(): void;
}

export function ApproveScenarioButton({ projectId, studyId, scenario, onChanged }: ApproveScenarioButtonProps) {
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
      <Button size="sm" tone="primary" onClick={() => setOpen(true)} aria-label={`Approve ${scenario.name}`}>
        Approve
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ScenarioWizardModal projectId={projectId} studyId={studyId} configurationId={scenario.id} mode="approve" onClose={close} onChanged={markChanged} />
        </Suspense>
      ) : null}
    </>
  );
}
