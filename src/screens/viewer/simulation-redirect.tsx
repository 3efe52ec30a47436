/**
 * `/projects/{id}/viewer/{study}/{simulation}` (SPEC §2 "redirect view for simulations"): looks the
 * simulation up and replaces the URL with its configuration's viewer, the simulation selected.
 * Lives outside the viewer chunk so the redirect does not load three.js first.
 */
import { useContext, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { asServerError, errorMessage } from '@machines/shared/actors.ts';
import { VIEWER_DEFAULT_TAB } from '../../app/route-table.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ContentNotFound } from '../system/content-not-found.tsx';
import { Loading } from '../system/loading.tsx';
import { ViewerServicesContext } from './viewer-services-context.ts';

type State = { status: 'loading' } | { status: 'found'; configurationId: number } | { status: 'missing' } | { status: 'failed'; message: string };

export function SimulationRedirect({ projectId, studyId, simulation }: { projectId: string; studyId: string; simulation: string }) {
  const services = useContext(ViewerServicesContext);
  const valid = [projectId, studyId, simulation].every((p) => /^\d+$/.test(p));
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!valid) return;
    let live = true;
    services.getSimulation({ projectId: Number(projectId), studyId: Number(studyId) }, Number(simulation)).then(
      (found) => live && setState({ status: 'found', configurationId: found.configuration.id }),
      (error: unknown) => {
        if (!live) return;
        const e = asServerError(error);
        setState(e.status === 404 ? { status: 'missing' } : { status: 'failed', message: errorMessage(e, 'The simulation could not be opened.')! });
      },
    );
    return () => {
      live = false;
    };
  }, [services, projectId, studyId, simulation, valid]);

  if (!valid || state.status === 'missing') return <ContentNotFound />;
  if (state.status === 'failed') return <InlineMessage tone="danger">{state.message}</InlineMessage>;
  if (state.status === 'loading') return <Loading />;
  return (
    <Redirect to={`/projects/${projectId}/viewer/${studyId}/configuration/${state.configurationId}/${VIEWER_DEFAULT_TAB}?simulation=${simulation}`} replace />
  );
}
