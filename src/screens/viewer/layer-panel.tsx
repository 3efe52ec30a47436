/**
 * The layer panel and layer picker of one viewer pane (SPEC §4, §5, §8, §9), driven by
 * the layer-filter machine: the simulation, the ten filter dimensions in SPEC §9's order (options
 * without a matching layer disabled and struck through), a custom time window checked as
 * HH:MM-HH:MM, the matching layers to switch on and off, and the layers shown with remove and
 * reset. Choices are saved per view (user-selected layers); failures come back as SPEC §8's toasts.
 */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Asset, Simulation } from '@canopy/contract/viewer.ts';
import type { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import { selectBusy, selectError, selectFilterRows, selectMatchingAssets, selectUserLayers } from '@machines/layer-filter/layer-filter.selectors.ts';
import type { FilterDimension } from '@machines/layer-filter/layer-filter.types.ts';
import type { LayerSetRow } from '@machines/viewer-workspace/layer-sets.ts';
import { validateTimeFilter } from '@canopy/engine/results/asset-fields.ts';
import { analysisLabel, layerLabel, readable, resultAnalysisLabel } from '@canopy/engine/results/labels.ts';
import { describeAsset, toggledIdentifiers } from './scene-layers.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import * as css from './viewer.css.ts';

export type LayerFilterRef = ActorRefFrom<typeof layerFilterMachine>;

export const DIMENSION_LABELS: Record<FilterDimension, string> = {
  layer_type: 'Layer type',
  analysis_type: 'Analysis',
  return_period: 'Return period',
  metric: 'Metric',
  wind_direction: 'Wind direction',
  season_filter: 'Season',
  single_date: 'Date',
  time_filter: 'Time',
  qualifier: 'Qualifier',
  post_processing_tag: 'Post-processing',
};

const LAYER_TYPE_LABELS: Record<string, string> = {
  data: 'Results',
  geometry: 'Geometry',
  arrows: 'Arrows',
  volumetric: 'Volume',
  graph: 'Graph',
  windrose: 'Wind rose',
};

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A filter option in words: analyses, metrics and layer types from the one label
 * table ('Solar — sun-lit time', 'Sun-lit time', 'Results'), wind directions in degrees, a date as
 * the times name their days ('21 June 2025' beside '21 June'); other dimensions (seasons, times,
 * qualifiers) are already words.
 */
export function filterOptionLabel(dimension: FilterDimension, value: string): string {
  if (dimension === 'wind_direction') return `${value}°`;
  if (dimension === 'single_date' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) return DAY.format(new Date(value));
  if (dimension === 'layer_type') return LAYER_TYPE_LABELS[value.toLowerCase()] ?? readable(value);
  if (dimension === 'analysis_type') return resultAnalysisLabel(value);
  if (dimension === 'metric') return layerLabel(value).title;
  return value;
}

export const TIME_FORMAT_ERROR = 'Use HH:MM-HH:MM between 00:00 and 23:59.';

/**
 * A simulation in words: its analysis ("Pedestrian wind comfort"), numbered only when the
 * scenario has more than one of that analysis ("Solar (2)") — never its database id.
 */
export function simulationLabel(simulation: Pick<Simulation, 'id' | 'category'>, siblings: ReadonlyArray<Pick<Simulation, 'id' | 'category'>> = []): string {
  const name = analysisLabel(simulation.category);
  const same = siblings.filter((s) => s.category === simulation.category).sort((a, b) => a.id - b.id);
  return same.length > 1 ? `${name} (${same.findIndex((s) => s.id === simulation.id) + 1})` : name;
}

export interface LayerPanelProps {
  filter: LayerFilterRef;
  /** The view this pane saves its layers under ('viewer-1', 'viewer-2'). */
  viewId: string;
  /** The configuration's simulations. */
  simulations: readonly Simulation[];
  simulationId: number | null;
  /** The simulation's assets shown now (ids). */
  visible: ReadonlySet<number>;
  /** The simulation's layer sets (SPEC §3), with whether this pane shows them and their files' state. */
  layerSets?: readonly LayerSetRow[];
  onToggleLayerSet?(id: number): void;
}

export function LayerPanel({ filter, viewId, simulations, simulationId, visible, layerSets = [], onToggleLayerSet }: LayerPanelProps) {
  const rows = useSelector(filter, selectFilterRows);
  const matching = useSelector(filter, selectMatchingAssets) as Asset[];
  const userLayers = useSelector(filter, selectUserLayers);
  const error = useSelector(filter, selectError);
  const busy = useSelector(filter, selectBusy);
  const simulation = simulations.find((s) => s.id === simulationId) ?? null;
  const shown = (simulation?.assets ?? []).filter((a) => visible.has(a.id));
  const mine = userLayers.filter((l) => l.view_id === viewId);

  const setLayers = (identifiers: string[]) => {
    if (simulationId === null) return;
    // The machine keeps the saved layers (every view's) and appends these under this view's id.
    filter.send({ type: 'layers.add', addedByUser: true, viewId, layers: identifiers.map((identifier) => ({ simulation_id: simulationId, identifier })) });
  };

  const toggle = (asset: Asset) => {
    const saved = mine.find((l) => l.identifier === String(asset.id));
    if (saved) {
      filter.send({ type: 'layer.remove', id: saved.id });
      return;
    }
    if (mine.length > 0) setLayers([String(asset.id)]);
    // Nothing saved for this view yet: the defaults become the explicit list, with this change.
    else setLayers(toggledIdentifiers(visible, asset.id));
  };

  return (
    <section className={css.section} aria-label="Layers">
      <SelectField
        id={`${viewId}-simulation`}
        label="Simulation"
        value={simulationId === null ? '' : String(simulationId)}
        placeholder={simulations.length ? undefined : 'No simulations'}
        onValueChange={(value) => value && filter.send({ type: 'simulation.select', simulationId: Number(value) })}
        options={simulations.map((s) => ({ value: String(s.id), label: simulationLabel(s, simulations) }))}
      />
      {error ? (
        <div className={css.alert} role="alert">
          {error}{' '}
          <Button size="sm" tone="ghost" onClick={() => filter.send({ type: 'error.dismiss' })}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <LayerPicker filter={filter} viewId={viewId} rows={rows} />
      <section className={css.section} aria-label="Matching layers">
        <h3 className={css.sectionTitle}>Layers ({matching.length})</h3>
        <ul className={css.list}>
          {matching.map((asset) => (
            <li key={asset.id} className={css.layerRow}>
              <input type="checkbox" id={`${viewId}-layer-${asset.id}`} checked={visible.has(asset.id)} disabled={busy} onChange={() => toggle(asset)} />
              <label htmlFor={`${viewId}-layer-${asset.id}`} className={css.grow} title={describeAsset(asset)}>
                {describeAsset(asset)}
              </label>
            </li>
          ))}
        </ul>
      </section>
      {layerSets.length ? <LayerSets viewId={viewId} rows={layerSets} onToggle={(id) => onToggleLayerSet?.(id)} /> : null}
      <section className={css.section} aria-label="Shown layers">
        <h3 className={css.sectionTitle}>Shown ({shown.length})</h3>
        <ul className={css.list}>
          {shown.map((asset) => (
            <li key={asset.id} className={css.layerRow}>
              <span className={css.grow}>{describeAsset(asset)}</span>
              <Button size="sm" tone="ghost" disabled={busy} aria-label={`Remove ${describeAsset(asset)}`} onClick={() => toggle(asset)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Button size="sm" disabled={busy || simulationId === null} onClick={() => filter.send({ type: 'layers.clear' })}>
          Reset to default layers
        </Button>
      </section>
    </section>
  );
}

/** The "Layer sets" group: each set by its name, switched on and off; a file being read or unreadable says so on its row. */
function LayerSets({ viewId, rows, onToggle }: { viewId: string; rows: readonly LayerSetRow[]; onToggle(id: number): void }) {
  return (
    <section className={css.section} aria-label="Layer sets">
      <h3 className={css.sectionTitle}>Layer sets ({rows.length})</h3>
      <ul className={css.list}>
        {rows.map((row) => {
          const id = `${viewId}-set-${row.id}`;
          const failed = row.file?.status === 'failed' ? row.file.message : null;
          return (
            <li key={row.id} className={css.layerRow}>
              <input type="checkbox" id={id} checked={row.shown} onChange={() => onToggle(row.id)} aria-describedby={failed ? `${id}-error` : undefined} />
              <label htmlFor={id} className={css.grow}>
                {row.name}
              </label>
              <span className={css.muted}>{row.layerType === 'Volumetric' ? 'Volume' : 'Geometry'}</span>
              {row.shown && row.file?.status === 'loading' ? <span className={css.muted}>Loading…</span> : null}
              {failed ? (
                <p id={`${id}-error`} className={css.alert} role="alert">
                  The file could not be read: {failed}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function LayerPicker({ filter, viewId, rows }: { filter: LayerFilterRef; viewId: string; rows: ReturnType<typeof selectFilterRows> }) {
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);
  const applyTime = (event: FormEvent) => {
    event.preventDefault();
    const value = time.trim();
    if (!validateTimeFilter(value)) {
      setTimeError(TIME_FORMAT_ERROR);
      return;
    }
    setTimeError(null);
    filter.send({ type: 'filter.set', dimension: 'time_filter', values: [value] });
  };
  return (
    <section className={css.section} aria-label="Layer picker">
      <div className={css.row}>
        <h3 className={`${css.sectionTitle} ${css.grow}`}>Filters</h3>
        <Button size="sm" tone="ghost" onClick={() => filter.send({ type: 'filters.reset' })}>
          Reset filters
        </Button>
      </div>
      {rows.map(({ dimension, options }) => (
        <fieldset key={dimension} className={css.dimension} data-dimension={dimension}>
          <legend className={css.legendTitle}>{DIMENSION_LABELS[dimension]}</legend>
          <div className={css.options}>
            {options.map((option) => (
              <button
                key={option.value}
                type="button"
                className={css.option}
                aria-pressed={option.selected}
                disabled={option.disabled && !option.selected}
                title={option.disabled ? 'No layer matches this with the other filters' : undefined}
                onClick={() => filter.send({ type: 'filter.toggle', dimension, value: option.value })}
              >
                {filterOptionLabel(dimension, option.value)}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
      <form className={css.row} onSubmit={applyTime} noValidate>
        <label className={css.grow}>
          <span className={css.muted}>Custom time window</span>
          <input
            id={`${viewId}-time`}
            value={time}
            placeholder="HH:MM-HH:MM"
            aria-invalid={timeError ? true : undefined}
            aria-describedby={timeError ? `${viewId}-time-error` : undefined}
            onChange={(e) => setTime(e.target.value)}
          />
        </label>
        <Button size="sm" type="submit">
          Apply time
        </Button>
        {timeError ? (
          <p id={`${viewId}-time-error`} className={css.alert} role="alert">
            {timeError}
          </p>
        ) : null}
      </form>
    </section>
  );
}
