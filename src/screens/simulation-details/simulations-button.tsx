/** A scenario row's 'Simulations' button: opens the details dialog, loaded when first opened. */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';

const SimulationDetailsDialog = lazy(() => import('./simulation-details-dialog.tsx').then((m) => ({ default: m.SimulationDetailsDialog })));

export function SimulationsButton({ projectId, configurationId, scenarioName }: { projectId: number; configurationId: number; scenarioName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" tone="ghost" onClick={() => setOpen(true)} aria-label={`Simulations of ${scenarioName}`}>
        Simulations
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SimulationDetailsDialog projectId={projectId} configurationId={configurationId} scenarioName={scenarioName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
