/**
 * The colour-scale panel: the legend of the pane's data layer (GET /api/color-legend/),
 * its range editable (min below max), discrete classes for comfort categories, and the palette:
 * the legend's own colours or a colour-blind-safe default (viridis, cividis). For a layer of
 * Canopy's CFD, how it was computed: the method and which quantities are validated or indicative.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ColourScale } from '../../viewer/contracts.ts';
import type { ColourSettings, PaletteChoice } from '@machines/viewer/viewer-ui.types.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { field, input, label } from '../../ui/field.css.ts';
import * as css from './viewer.css.ts';
import * as range from './colour-scale-panel.css.ts';
import { readable } from '@canopy/engine/results/labels.ts';
import type { MethodNotes } from './method-notes.ts';

export const PALETTE_OPTIONS: Array<{ value: PaletteChoice; label: string }> = [
  { value: 'legend', label: "Legend's colours" },
  { value: 'viridis', label: 'Viridis (colour-blind safe)' },
  { value: 'cividis', label: 'Cividis (colour-blind safe)' },
];

const format = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Number(n.toPrecision(3)).toString());

export interface ColourScalePanelProps {
  id: string;
  scale: ColourScale | null;
  title: string | null;
  settings: ColourSettings;
  onRange(min: number | null, max: number | null): void;
  onPalette(palette: PaletteChoice): void;
  onReset(): void;
  /** How the layer was computed, when its metadata says (Canopy's CFD). */
  method?: MethodNotes | null;
}

export function ColourScalePanel({ id, scale, title, settings, onRange, onPalette, onReset, method = null }: ColourScalePanelProps) {
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setMin(scale ? format(scale.min) : '');
    setMax(scale ? format(scale.max) : '');
  }, [scale?.min, scale?.max]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!scale) return <p className={css.muted}>Show a data layer to see its colour scale.</p>;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const lo = Number(min);
    const hi = Number(max);
    if (min.trim() === '' || max.trim() === '' || !Number.isFinite(lo) || !Number.isFinite(hi))
      return setError('Enter numbers for the minimum and the maximum.');
    if (lo >= hi) return setError('The minimum must be below the maximum.');
    setError(null);
    onRange(lo, hi);
  };

  return (
    <section className={css.section} aria-label="Colour scale">
      <h3 className={css.sectionTitle}>
        {title ?? 'Colour scale'}
        {scale.unit ? ` (${scale.unit})` : ''}
      </h3>
      {scale.discrete ? (
        <ul className={css.list} aria-label="Classes">
          {scale.colours.map((colour, i) => (
            <li key={i} className={css.layerRow}>
              <span className={css.swatch} style={{ background: colour }} aria-hidden="true" />
              {scale.classLabels?.[i] ?? `Class ${i + 1}`}
            </li>
          ))}
        </ul>
      ) : (
        <div>
          <div
            className={css.legendBar}
            style={{ background: `linear-gradient(to right, ${scale.colours.join(', ')})` }}
            role="img"
            aria-label={`From ${format(scale.min)} to ${format(scale.max)}`}
          />
          <div className={css.legendScale}>
            <span>{format(scale.min)}</span>
            <span>{format((scale.min + scale.max) / 2)}</span>
            <span>{format(scale.max)}</span>
          </div>
        </div>
      )}
      <SelectField
        id={`${id}-palette`}
        label="Palette"
        value={settings.palette}
        onValueChange={(v) => onPalette(v as PaletteChoice)}
        options={PALETTE_OPTIONS}
      />
      {scale.discrete ? null : (
        <form className={range.rangeForm} onSubmit={apply} noValidate>
          <div className={field}>
            <label className={label} htmlFor={`${id}-min`}>
              Minimum
            </label>
            <input id={`${id}-min`} className={`${input} ${range.rangeInput}`} inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} />
          </div>
          <div className={field}>
            <label className={label} htmlFor={`${id}-max`}>
              Maximum
            </label>
            <input id={`${id}-max`} className={`${input} ${range.rangeInput}`} inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} />
          </div>
          <Button size="md" type="submit">
            Apply range
          </Button>
        </form>
      )}
      {error ? (
        <p className={css.alert} role="alert">
          {error}
        </p>
      ) : null}
      <Button size="sm" tone="ghost" onClick={onReset} disabled={settings.min === null && settings.max === null && settings.palette === 'legend'}>
        Reset colour scale
      </Button>
      {method ? <MethodSection notes={method} /> : null}
    </section>
  );
}

/** The method and each quantity's standing, folded under one line so the legend stays in view. */
function MethodSection({ notes }: { notes: MethodNotes }) {
  return (
    <details className={css.muted}>
      <summary>How this layer was computed</summary>
      <p>{notes.method}</p>
      {notes.quantities.length > 0 ? (
        <ul className={css.list} aria-label="What is validated">
          {notes.quantities.map((q) => (
            <li key={q.quantity}>
              <strong>{`${readable(q.quantity)}: ${q.status}`}</strong>
              {` — ${q.why}`}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
