/**
 * The simulation's ingested wind-rose layers (docs/results-format.md, "Wind rose (JSON)") in the
 * wind-rose panel, drawn by the weather rose's chart: the frequencies by sector and speed bin,
 * titled by the season and time of day they count, with who computed them.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import { WindRoseChart } from '../project-resources/wind-rose-chart.tsx';
import { provenanceLine, roseOf, roseTitle } from './json-layers.ts';
import { useJsonLayers } from './use-viewer-data.ts';
import * as css from './viewer.css.ts';

export interface ResultRosesProps {
  assets: readonly Asset[];
  urlOf(asset: Asset): string;
}

export function ResultRoses({ assets, urlOf }: ResultRosesProps) {
  const files = useJsonLayers(assets.map(urlOf));
  if (assets.length === 0) return null;
  return (
    <section className={css.section} aria-label="Result wind roses">
      {assets.map((asset) => {
        const state = files[urlOf(asset)];
        if (!state || state.status === 'loading') {
          return (
            <p key={asset.id} className={css.muted}>
              Loading the wind rose {asset.filename}…
            </p>
          );
        }
        if (state.status === 'failed' || state.layer.kind !== 'windrose') {
          return (
            <p key={asset.id} className={css.alert} role="alert">
              The wind rose {asset.filename} could not be read{state.status === 'failed' ? `: ${state.message}` : ': it is not a wind rose'}
            </p>
          );
        }
        const layer = state.layer;
        return (
          <div key={asset.id} className={css.section}>
            <h3 className={css.sectionTitle}>{roseTitle(layer, asset)}</h3>
            <WindRoseChart rose={roseOf(layer)} calmCaption={`Centre: calm (${Number(layer.calmPct.toPrecision(3))} % of the time)`} />
            <p className={css.muted}>Computed by {provenanceLine(layer)}</p>
          </div>
        );
      })}
    </section>
  );
}
