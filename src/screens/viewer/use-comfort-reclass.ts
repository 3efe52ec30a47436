/**
 * The viewer's comfort re-classification actor (machines/wind-reclass), told which simulation the
 * active pane shows, and what it puts on screen: the re-classified map as a pane layer. A map saved
 * as results makes the viewer read the simulations again, so the new layer is listed.
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { selectReclassInputs, selectShownResult } from '@machines/wind-reclass/wind-reclass.selectors.ts';
import type { LayerFilterRef } from './layer-panel.tsx';
import type { ViewerLogic } from '../../services/viewer-services.ts';
import { reclassLayer, type ReclassLayer } from './reclass-layer.ts';

export function useComfortReclass(logic: ViewerLogic, filter: LayerFilterRef, simulations: readonly Simulation[], projectId: number, onSaved: () => void) {
  const actor = useActorRef(logic.reclass);
  const selectedId = useSelector(filter, (s) => s.context.selectedSimulationId);
  const simulation = simulations.find((s) => s.id === selectedId) ?? null;
  useEffect(() => {
    actor.send({
      type: 'simulation.set',
      target: simulation
        ? {
            projectId,
            configurationId: simulation.configuration.id,
            simulationId: simulation.id,
            assets: simulation.assets,
            metSourceId: simulation.met_source_id,
          }
        : null,
    });
  }, [actor, simulation, projectId]);
  useEffect(() => {
    const sub = actor.on('reclass.saved', () => onSaved());
    return () => sub.unsubscribe();
  }, [actor, onSaved]);
  const result = useSelector(actor, selectShownResult);
  const inputs = useSelector(actor, selectReclassInputs);
  const layer = useMemo<ReclassLayer | null>(() => (result && inputs ? reclassLayer(result, inputs) : null), [result, inputs]);
  return { actor, layer };
}
