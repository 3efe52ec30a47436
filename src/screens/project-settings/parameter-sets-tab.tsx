/** The project's parameter sets: list, add, change, delete (with confirmation). */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import type { Project } from '@machines/project-detail/project-detail.types.ts';
import {
  selectEditingSet,
  selectParameterSets,
  selectSetDeletion,
  selectSetFormOpen,
  selectSetsFailure,
  selectSetsSuccess,
} from '@machines/project-settings/project-settings.selectors.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { formatDate } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { actions, card, cardHeader, sectionTitle } from '../../ui/surface.css.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ANALYSIS_LABELS } from './parameter-set-templates.ts';
import { ParameterSetForm } from './parameter-set-form.tsx';
import { code } from './project-settings.css.ts';

export interface ParameterSetsTabProps {
  detail: ActorRefFrom<typeof projectDetailMachine>;
  project: Project;
  canChange: boolean;
}

export function ParameterSetsTab({ detail, project, canChange }: ParameterSetsTabProps) {
  const logic = useWorkspaceLogic();
  const sets = useActorRef(logic.parameterSets, { input: { projectId: project.id, sets: project.parameter_sets } });
  const list = useSelector(sets, selectParameterSets);
  const formOpen = useSelector(sets, selectSetFormOpen);
  const editing = useSelector(sets, selectEditingSet);
  const deletion = useSelector(sets, selectSetDeletion);
  const success = useSelector(sets, selectSetsSuccess);
  const failure = useSelector(sets, selectSetsFailure);

  useEffect(() => {
    const sub = sets.on('sets.changed', (e) => {
      const current = detail.getSnapshot().context.project;
      if (current) detail.send({ type: 'project.changed', project: { ...current, parameter_sets: e.sets } });
    });
    return () => sub.unsubscribe();
  }, [sets, detail]);

  return (
    <>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure && !formOpen ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
      <section className={card} aria-labelledby="sets-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="sets-title">
            Parameter sets
          </h2>
          {canChange ? (
            <Button size="sm" tone="primary" onClick={() => sets.send({ type: 'set.new' })}>
              New parameter set
            </Button>
          ) : null}
        </header>
        <CollectionPanel
          empty={
            list.length === 0
              ? {
                  title: 'No parameter sets',
                  description: 'A parameter set keeps the inputs of an analysis — seasons, hours, wind directions, criteria — to reuse across scenarios.',
                }
              : null
          }
        >
          <DataTable
            columns={[
              { title: 'Name', cell: (set) => set.name },
              { title: 'Analysis', cell: (set) => ANALYSIS_LABELS[set.analysis_type] },
              {
                title: 'Values',
                cell: (set) => (
                  <span className={code} title={JSON.stringify(set.values)}>
                    {JSON.stringify(set.values)}
                  </span>
                ),
              },
              { title: 'Changed', cell: (set) => formatDate(set.updated) },
            ]}
            rows={list}
            rowKey={(set) => set.id}
            actions={
              canChange
                ? (set) => (
                    <div className={actions}>
                      <Button size="sm" onClick={() => sets.send({ type: 'set.edit', id: set.id })} aria-label={`Edit ${set.name}`}>
                        Edit
                      </Button>
                      <Button size="sm" tone="ghost" onClick={() => sets.send({ type: 'set.delete', id: set.id })} aria-label={`Delete ${set.name}`}>
                        Delete
                      </Button>
                    </div>
                  )
                : undefined
            }
          />
        </CollectionPanel>
      </section>
      <Dialog open={formOpen} onOpenChange={(o) => !o && sets.send({ type: 'cancel' })} title={editing ? `Edit ${editing.name}` : 'New parameter set'}>
        <ParameterSetForm sets={sets} />
      </Dialog>
      <ConfirmDialog
        open={deletion !== null}
        title="Delete parameter set?"
        description={deletion ? `“${deletion.name}” will be deleted. Scenarios that used it keep their own copy of the values.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => sets.send({ type: 'deletion.confirm' })}
        onCancel={() => sets.send({ type: 'cancel' })}
      />
    </>
  );
}
