/**
 * A difference map as a layer of the pane that shows scenario B: an asset-shaped description (so
 * the layer logic, the legend, the probe and the data panel treat it as any data layer) whose file
 * is the in-browser layer's `local:` URL, with its own diverging legend centred on zero. While it
 * shows, B's other data layers step aside, as for a re-classified comfort map.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { DifferenceLayer, DifferenceOutcome } from '@machines/difference/difference.types.ts';
import type { ColourLegend } from '@machines/viewer/reference-data.ts';
import { layerLabel } from '@canopy/engine/results/labels.ts';
import { classChangeLabel, classStepColours, PUOR_9 } from '../../../viewer/difference/diverging-scale.ts';
import { DIFFERENCE_FIELD, matchingWords } from '../../../services/difference.ts';
import type { ReclassLayer } from '../reclass-layer.ts';

/** Negative: never an id of a stored asset (and not the re-classified map's). */
export const DIFFERENCE_ASSET_ID = -31;

export function differenceLegend(outcome: DifferenceOutcome, a: DifferenceLayer, b: DifferenceLayer): ColourLegend {
  const which = `${b.scenario} − ${a.scenario}`;
  const matching = matchingWords(outcome);
  if (outcome.mode === 'classes') {
    const steps = outcome.limit;
    const colours = classStepColours(steps);
    return {
      name: 'difference-classes',
      version: '1',
      kind: 'classes',
      title: `Comfort class change, ${which} (${matching})`,
      units: 'class',
      classes: colours.map((colour, i) => ({ value: i - steps, label: classChangeLabel(i - steps), colour })),
    };
  }
  const metric = layerLabel(b.asset.metric ?? b.asset.analysis_type, outcome.unit).title;
  const L = outcome.limit;
  return {
    name: 'difference-values',
    version: '1',
    kind: 'continuous',
    title: `Δ ${metric}, ${which} (${matching})`,
    units: outcome.unit,
    min: -L,
    max: L,
    stops: PUOR_9.map((colour, i) => ({ value: -L + (2 * L * i) / (PUOR_9.length - 1), colour })),
  };
}

export function differenceLayer(outcome: DifferenceOutcome, a: DifferenceLayer, b: DifferenceLayer): ReclassLayer {
  const legend = differenceLegend(outcome, a, b);
  const asset: Asset = {
    ...b.asset,
    id: DIFFERENCE_ASSET_ID,
    metric: `${b.asset.metric ?? b.asset.analysis_type}-difference`,
    qualifiers: { ...b.asset.qualifiers, difference: `${b.scenario} − ${a.scenario}` },
    filename: 'difference.glb',
    show_by_default: true,
    metadata: {
      ...b.asset.metadata,
      legend: { name: legend.name, version: '1' },
      fields: [DIFFERENCE_FIELD],
      units: outcome.mode === 'classes' ? 'class' : outcome.unit,
    },
    qualifier: `${b.scenario} − ${a.scenario}`,
  };
  return { simulationId: b.asset.simulation_id, asset, url: outcome.url, legend };
}
