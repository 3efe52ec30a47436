/**
 * The viewer of a project without scenarios (SPEC §2 `/projects/{id}/{tabName}`): nothing to show
 * yet, and what to do about it.
 */
import { EmptyState } from '../../ui/empty-state.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';

export function EmptyViewer({ projectId, canChange }: { projectId: number; canChange: boolean }) {
  return (
    <EmptyState
      icon={
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
          <path d="M3 7l9-4 9 4-9 4-9-4zm0 5l9 4 9-4M3 17l9 4 9-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      }
      title="No scenarios to view yet"
      description={
        canChange
          ? 'Add a scenario to this project: upload the geometry, choose the analyses and submit. Its results open here in the 3D viewer.'
          : 'Results open here once someone who may change this project adds a scenario.'
      }
      action={
        <>
          <ButtonLink tone="primary" href={`/projects/${projectId}/scenarios`}>
            Add a scenario
          </ButtonLink>
          <ButtonLink href={`/projects/${projectId}`}>Back to the overview</ButtonLink>
        </>
      }
    />
  );
}
