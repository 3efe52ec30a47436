/**
 * A pane's comfort re-classification (the workspace machine's `reclass0` / `reclass1` child, told
 * the simulation that pane shows) and what it puts on screen: the re-classified map as a layer of
 * that pane. A map saved as results makes the viewer read the simulations again, so the new layer
 * is listed.
 */
import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { windReclassMachine } from '@machines/wind-reclass/wind-reclass.machine.ts';
import { selectReclassInputs, selectShownResult } from '@machines/wind-reclass/wind-reclass.selectors.ts';
import { reclassLayer, type ReclassLayer } from './reclass-layer.ts';

export type ReclassRef = ActorRefFrom<typeof windReclassMachine>;

export function useComfortReclass(actor: ReclassRef, onSaved: () => void) {
  useEffect(() => {
    const sub = actor.on('reclass.saved', () => onSaved());
    return () => sub.unsubscribe();
  }, [actor, onSaved]);
  const result = useSelector(actor, selectShownResult);
  const inputs = useSelector(actor, selectReclassInputs);
  const layer = useMemo<ReclassLayer | null>(() => (result && inputs ? reclassLayer(result, inputs) : null), [result, inputs]);
  return { actor, layer };
}
