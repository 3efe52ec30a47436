/**
 * Tells the zone scores machine what to score: the study's zones, and either the difference
 * panel's chosen A and B (two scenarios side by side) or the layer the active pane shows.
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Zone } from '@canopy/contract/zones.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { differenceMachine } from '@machines/difference/difference.machine.ts';
import { chosenPair } from '@machines/difference/difference.machine.ts';
import type { ScoreSource } from '@machines/zones/zone-scores.machine.ts';
import { bindZoneScores } from '../../../services/zone-scores-services.ts';
import { assetDownloadPath, type ViewerLogic } from '../../../services/viewer-services.ts';
import { describeAsset, fieldOf, unitsOf, type JobTypeRef } from '../scene-layers.ts';
import type { PaneModel } from '../use-pane-model.ts';

interface Inputs {
  logic: ViewerLogic;
  projectId: number;
  jobTypes: readonly JobTypeRef[];
  zones: Zone[];
  difference: ActorRefFrom<typeof differenceMachine>;
  model: PaneModel;
}

export function useZoneScores({ logic, projectId, jobTypes, zones, difference, model }: Inputs) {
  const machine = useMemo(() => bindZoneScores(logic.loadAsset), [logic]);
  const scores = useActorRef(machine);
  const pair = useSelector(difference, (s) => chosenPair(s.context));
  const active = model.active;
  const activeUrl = model.activeUrl;
  const sources = useMemo<ScoreSource[]>(() => {
    const source = (asset: Asset, url: string, scenario?: string): ScoreSource => {
      const field = fieldOf(asset, jobTypes);
      return {
        url,
        label: scenario ? `${scenario} — ${describeAsset(asset)}` : describeAsset(asset),
        metric: asset.metric,
        ...(field ? { field } : {}),
        unit: unitsOf(asset, jobTypes),
      };
    };
    if (pair) {
      return [pair.a, pair.b].map((side) =>
        source(
          side.asset,
          assetDownloadPath({ projectId, configurationId: side.configurationId, simulationId: side.asset.simulation_id, assetId: side.asset.id }),
          side.scenario,
        ),
      );
    }
    return active && activeUrl ? [source(active, activeUrl)] : [];
  }, [pair, active, activeUrl, jobTypes, projectId]);
  // One key for what is scored, so an equal request (a re-render) does not score again.
  const key = JSON.stringify([zones.map((z) => [z.id, z.use, z.polygon]), sources]);
  useEffect(() => {
    scores.send({ type: 'inputs.set', zones, sources });
    // the key stands for zones and sources
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scores, key]);
  return scores;
}
