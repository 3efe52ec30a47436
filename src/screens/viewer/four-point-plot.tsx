/**
 * The four-point plot: up to four points picked on the model, their values compared
 * across wind directions or seasons — every layer of the active layer's analysis and metric that
 * differs only in that dimension — as a line chart, one line per point.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { CompareBy, ProbePoint } from '@machines/viewer/viewer-ui.types.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { LineChart } from './svg-charts.tsx';
import { useMeshes, valueNear } from './use-viewer-data.ts';
import * as css from './viewer.css.ts';

const POINT_COLOURS = ['#d55e00', '#0072b2', '#009e73', '#cc79a7'];

/** The layers to compare: same analysis, metric and other dimensions, one per value of `by`. */
export function comparisonGroup(assets: readonly Asset[], active: Asset | null, by: CompareBy): Asset[] {
  if (!active) return [];
  const same = (a: Asset) =>
    a.layer_type === active.layer_type &&
    a.analysis_type === active.analysis_type &&
    a.metric === active.metric &&
    (by === 'wind_direction' || a.wind_direction === active.wind_direction) &&
    (by === 'season_filter' || a.season_filter === active.season_filter) &&
    a.time_filter === active.time_filter &&
    a.qualifier === active.qualifier &&
    a[by] !== null;
  const byValue = new Map<string, Asset>();
  for (const a of assets) if (same(a) && !byValue.has(String(a[by]))) byValue.set(String(a[by]), a);
  const collator = new Intl.Collator('en', { numeric: true });
  return [...byValue.entries()].sort(([x], [y]) => collator.compare(x, y)).map(([, a]) => a);
}

export interface FourPointPlotProps {
  points: readonly ProbePoint[];
  compareBy: CompareBy;
  group: readonly Asset[];
  urlOf(asset: Asset): string;
  field: string | undefined;
  unit: string;
  picking: boolean;
  onCompareBy(by: CompareBy): void;
  onPick(): void;
  onRemove(index: number): void;
  onClear(): void;
}

export function FourPointPlot({ points, compareBy, group, urlOf, field, unit, picking, onCompareBy, onPick, onRemove, onClear }: FourPointPlotProps) {
  const urls = group.map(urlOf);
  const meshes = useMeshes(points.length ? urls : []);
  const categories = group.map((a) => (compareBy === 'wind_direction' ? `${a.wind_direction}°` : (a.season_filter ?? '')));
  const series = points.map((p, i) => ({
    name: `Point ${p.label}`,
    colour: POINT_COLOURS[i % POINT_COLOURS.length]!,
    values: urls.map((url) => {
      const state = meshes[url];
      return state?.status === 'ready' && field ? valueNear(state.mesh, field, p.point) : null;
    }),
  }));
  return (
    <section className={css.section} aria-label="Four-point plot">
      <SelectField
        id="viewer-compare-by"
        label="Compare across"
        value={compareBy}
        onValueChange={(v) => onCompareBy(v as CompareBy)}
        options={[
          { value: 'wind_direction', label: 'Wind directions' },
          { value: 'season_filter', label: 'Seasons' },
        ]}
      />
      <div className={css.row}>
        <Button size="sm" tone={picking ? 'primary' : 'secondary'} aria-pressed={picking} onClick={onPick}>
          {picking ? 'Picking points (Esc to stop)' : 'Pick points'}
        </Button>
        <Button size="sm" tone="ghost" onClick={onClear} disabled={points.length === 0}>
          Clear points
        </Button>
      </div>
      <ul className={css.list} aria-label="Points">
        {points.map((p, i) => (
          <li key={p.label} className={css.layerRow}>
            <span className={css.swatch} style={{ background: POINT_COLOURS[i % POINT_COLOURS.length] }} aria-hidden="true" />
            <span className={css.grow}>
              Point {p.label}: {p.point[0].toFixed(1)}, {p.point[1].toFixed(1)} m
            </span>
            <Button size="sm" tone="ghost" aria-label={`Remove point ${p.label}`} onClick={() => onRemove(i)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {points.length === 0 ? <p className={css.muted}>Pick up to four points on a data layer to compare them.</p> : null}
      {points.length > 0 && group.length < 2 ? (
        <p className={css.muted}>The shown layer has no other {compareBy === 'wind_direction' ? 'wind directions' : 'seasons'} to compare.</p>
      ) : null}
      {points.length > 0 && group.length >= 2 ? (
        <LineChart
          label={`Values of ${points.length} points across ${compareBy === 'wind_direction' ? 'wind directions' : 'seasons'}`}
          categories={categories}
          series={series}
          xLabel={compareBy === 'wind_direction' ? 'Wind direction' : 'Season'}
          yLabel={unit || 'Value'}
        />
      ) : null}
    </section>
  );
}
