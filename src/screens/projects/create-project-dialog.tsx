/** The create-project modal; its form starts empty each time it opens. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createProjectMachine } from '@machines/project-list/create-project.machine.ts';
import { selectCreateOpen } from '@machines/project-list/project-list.selectors.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CreateProjectForm } from './create-project-form.tsx';

export function CreateProjectDialog({ creator }: { creator: ActorRefFrom<typeof createProjectMachine> }) {
  const open = useSelector(creator, selectCreateOpen);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && creator.send({ type: 'cancel' })}
      title="New project"
      description="A project holds the studies, scenarios and results for one site."
    >
      <CreateProjectForm creator={creator} />
    </Dialog>
  );
}
