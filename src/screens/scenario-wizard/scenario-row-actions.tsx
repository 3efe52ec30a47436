/**
 * A scenario row's actions (SPEC §4 lifecycle): approve (while it awaits approval: the wizard opens
 * at its cost), edit, append, duplicate, hide or show, delete. The modals load when first opened, so
 * the lists that show rows do not carry the wizard.
 */
import { lazy, Suspense, useState } from 'react';
import type { Engine } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { Button } from '../../ui/button.tsx';
import { DropdownMenu } from '../../ui/dropdown-menu.tsx';

const ScenarioWizardModal = lazy(() => import('./scenario-wizard-modal.tsx').then((m) => ({ default: m.ScenarioWizardModal })));
const ScenarioActionModal = lazy(() => import('./scenario-action-modal.tsx').then((m) => ({ default: m.ScenarioActionModal })));

type Open = 'approve' | 'edit' | 'append' | 'duplicate' | 'hide' | 'unhide' | 'delete' | null;

export interface ScenarioRowActionsProps {
  projectId: number;
  studyId: number;
  scenario: { id: number; name: string; engine?: Engine | null; hidden?: boolean; status?: string };
  onChanged?(): void;
}

export function ScenarioRowActions({ projectId, studyId, scenario, onChanged }: ScenarioRowActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const engine = scenario.engine ?? 'AI';
  return (
    <>
      <DropdownMenu
        label={`Actions for ${scenario.name}`}
        trigger={
          <Button size="sm" tone="ghost" aria-label={`Actions for ${scenario.name}`}>
            •••
          </Button>
        }
        items={[
          ...(scenario.status === 'awaiting_approval' ? [{ label: 'Approve', onSelect: () => setOpen('approve') }] : []),
          { label: 'Edit', onSelect: () => setOpen('edit') },
          { label: 'Append analyses', onSelect: () => setOpen('append') },
          { label: 'Duplicate', onSelect: () => setOpen('duplicate') },
          scenario.hidden ? { label: 'Show', onSelect: () => setOpen('unhide') } : { label: 'Hide', onSelect: () => setOpen('hide') },
          { label: 'Delete', onSelect: () => setOpen('delete') },
        ]}
      />
      <Suspense fallback={null}>
        {open === 'approve' || open === 'edit' || open === 'append' || open === 'duplicate' ? (
          <ScenarioWizardModal
            projectId={projectId}
            studyId={studyId}
            configurationId={scenario.id}
            mode={open}
            scenarioName={scenario.name}
            engine={engine}
            onClose={close}
            onChanged={onChanged}
          />
        ) : null}
        {open === 'hide' || open === 'unhide' || open === 'delete' ? (
          <ScenarioActionModal
            kind={open}
            projectId={projectId}
            configurationId={scenario.id}
            name={scenario.name}
            engine={engine}
            onClose={close}
            onDone={onChanged}
          />
        ) : null}
      </Suspense>
    </>
  );
}
