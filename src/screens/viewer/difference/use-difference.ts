/**
 * The viewer's difference map: the difference machine bound to the viewer's services, told the
 * study's data layers (named by their scenarios), and the map it computed as a layer of the pane
 * showing B. A saved map makes the viewer read the simulations again, so it is listed.
 */
import { useContext, useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Simulation } from '@canopy/contract/viewer.ts';
import type { DifferenceLayer } from '@machines/difference/difference.types.ts';
import { selectDifferenceContext, selectOutcome } from '@machines/difference/difference.selectors.ts';
import { bindDifference, storeProjectFile } from '../../../services/difference.ts';
import { assetDownloadPath } from '../../../services/viewer-services.ts';
import { ViewerServicesContext } from '../viewer-services-context.ts';
import { useStudyScenarios } from '../use-study-scenarios.ts';
import { fieldOf, unitsOf, type JobTypeRef } from '../scene-layers.ts';
import { differenceLayer } from './difference-layer.ts';
import type { ReclassLayer } from '../reclass-layer.ts';

export function useDifference(
  projectId: number,
  configurationId: number,
  simulations: readonly Simulation[],
  jobTypes: readonly JobTypeRef[],
  onSaved: () => void,
) {
  const services = useContext(ViewerServicesContext);
  // The actor is made once: it reads the job types as they are when it computes.
  const jobTypesNow = useRef(jobTypes);
  useEffect(() => {
    jobTypesNow.current = jobTypes;
  }, [jobTypes]);
  const logic = useMemo(
    () =>
      bindDifference({
        projectId,
        loadAsset: (url) => services.loadAsset(url),
        urlOf: (ids) => assetDownloadPath({ projectId, ...ids }),
        fieldOf: (side) => fieldOf(side.asset, jobTypesNow.current),
        unitsOf: (side) => unitsOf(side.asset, jobTypesNow.current),
        storeFile: storeProjectFile,
        appendResults: (request) => services.appendResults(request),
      }),
    [projectId, services],
  );
  const actor = useActorRef(logic);
  const { scenarios } = useStudyScenarios(projectId, simulations, configurationId);
  // The names as one string: the scenario list is a new (empty) array on every render while it loads.
  const names = scenarios.map((s) => `${s.id}\u0000${s.name}`).join('\u0001');
  const layers = useMemo<DifferenceLayer[]>(() => {
    const nameOf = new Map(names ? names.split('\u0001').map((row) => row.split('\u0000') as [string, string]) : []);
    return simulations.flatMap((simulation) =>
      simulation.assets
        .filter((asset) => asset.layer_type === 'data')
        .map((asset) => ({
          asset,
          configurationId: simulation.configuration.id,
          scenario: nameOf.get(String(simulation.configuration.id)) ?? `Scenario ${simulation.configuration.id}`,
        })),
    );
  }, [simulations, names]);
  useEffect(() => actor.send({ type: 'layers.set', layers }), [actor, layers]);
  useEffect(() => {
    const sub = actor.on('difference.saved', () => onSaved());
    return () => sub.unsubscribe();
  }, [actor, onSaved]);
  const outcome = useSelector(actor, selectOutcome);
  const context = useSelector(actor, selectDifferenceContext);
  const layer = useMemo<ReclassLayer | null>(() => {
    if (!outcome) return null;
    const a = context.layers.find((l) => l.asset.id === outcome.aId);
    const b = context.layers.find((l) => l.asset.id === outcome.bId);
    return a && b ? differenceLayer(outcome, a, b) : null;
  }, [outcome, context.layers]);
  return { actor, layer };
}
