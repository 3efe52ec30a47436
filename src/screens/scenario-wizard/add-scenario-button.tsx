/**
 * 'Add scenario': the entry point of the project tile and the settings' Scenarios tab. The wizard
 * is loaded when first opened, so the project list does not carry it.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';

const ScenarioWizardModal = lazy(() => import('./scenario-wizard-modal.tsx').then((m) => ({ default: m.ScenarioWizardModal })));

export function AddScenarioButton({ projectId, studyId, onChanged, size = 'sm' }: { projectId: number; studyId?: number; onChanged?(): void; size?: 'sm' | 'md' }) {
  // Whether the modal is open is view state; everything inside it is the wizard machine's.
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} tone="primary" onClick={() => setOpen(true)}>
        Add scenario
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ScenarioWizardModal projectId={projectId} studyId={studyId} mode="create" onClose={() => setOpen(false)} onChanged={onChanged} />
        </Suspense>
      ) : null}
    </>
  );
}
