/**
 * The form of one wind comfort criterion table: name, description, the speed it is
 * measured in, how the allowed exceedance is compared, the comfort classes as rows (label,
 * threshold in m/s, allowed exceedance in %, colour; the last row catches everything else) and the
 * safety limits as rows. The server's messages appear at the field they name
 * ("classes.1.thresholdMs"); percentages are checked here too, since the API takes shares (0–1).
 */
import { useState, type FormEvent } from 'react';
import { COMFORT_COLOURS, SAFETY_COLOURS, type Criterion } from '@canopy/engine/wind/criteria.ts';
import type { CompanyCriterion, CompanyCriterionInput } from '@machines/company-criteria/company-criteria.types.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField, type TextFieldProps } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { actions, card, cardBody, formGrid, muted, sectionTitle, stack, table, td, th } from '../../ui/surface.css.ts';
import { colourInput, rowInput } from './criteria.css.ts';

interface Row {
  label: string;
  threshold: string;
  percent: string;
  colour: string;
}

interface Draft {
  name: string;
  description: string;
  speedType: Criterion['speedType'];
  exceedanceComparison: Criterion['exceedanceComparison'];
  classes: Row[];
  safety: Row[];
}

const SPEED_TYPES = [
  { value: 'hourlyMean', label: 'Hourly mean speed' },
  { value: 'maxMeanGem', label: 'Max of mean and gust-equivalent mean (GEM)' },
];
const COMPARISONS = [
  { value: 'atMost', label: 'Met when exceeded in at most the allowed share of hours (≤)' },
  { value: 'lessThan', label: 'Met when exceeded in less than the allowed share of hours (<)' },
];

/** A share (0–1) as a percentage without float noise (0.00022 → "0.022"). */
const percent = (share: number | null) => (share === null ? '' : String(Number((share * 100).toPrecision(12))));
const metres = (speed: number | null) => (speed === null ? '' : String(speed));

function draftOf(start: Criterion | CompanyCriterion | null, mode: 'new' | 'edit'): Draft {
  if (!start) {
    return {
      name: '',
      description: '',
      speedType: 'hourlyMean',
      exceedanceComparison: 'atMost',
      classes: [
        { label: 'Sitting', threshold: '4', percent: '5', colour: COMFORT_COLOURS[0] },
        { label: 'Walking', threshold: '8', percent: '5', colour: COMFORT_COLOURS[3] },
        { label: 'Uncomfortable', threshold: '', percent: '', colour: COMFORT_COLOURS[4] },
      ],
      safety: [],
    };
  }
  return {
    name: mode === 'new' ? `${start.name} (copy)` : start.name,
    description: 'description' in start && typeof start.description === 'string' ? start.description : '',
    speedType: start.speedType,
    exceedanceComparison: start.exceedanceComparison,
    classes: start.classes.map((c) => ({ label: c.label, threshold: metres(c.thresholdMs), percent: percent(c.allowedExceedance), colour: c.colour })),
    safety: start.safety.map((s) => ({ label: s.label, threshold: metres(s.thresholdMs), percent: percent(s.allowedExceedance), colour: s.colour })),
  };
}

const number = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const share = (text: string): number | null => {
  const value = number(text);
  return value === null ? null : Number((value / 100).toPrecision(12));
};

/** Percentages outside 0–100 (or not numbers), by the server's field name. */
function localErrors(draft: Draft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (rows: Row[], path: string) =>
    rows.forEach((row, i) => {
      const value = number(row.percent);
      if (value !== null && !(value >= 0 && value <= 100)) errors[`${path}.${i}.allowedExceedance`] = ['Enter a percentage from 0 to 100.'];
      const speed = number(row.threshold);
      if (speed !== null && !Number.isFinite(speed)) errors[`${path}.${i}.thresholdMs`] = ['Enter a speed in m/s.'];
    });
  check(draft.classes, 'classes');
  check(draft.safety, 'safety');
  return errors;
}

function asInput(draft: Draft): CompanyCriterionInput {
  const last = draft.classes.length - 1;
  return {
    name: draft.name,
    ...(draft.description.trim() ? { description: draft.description } : {}),
    speedType: draft.speedType,
    exceedanceComparison: draft.exceedanceComparison,
    classes: draft.classes.map((row, i) => ({
      label: row.label,
      thresholdMs: i === last ? null : number(row.threshold),
      allowedExceedance: i === last ? null : share(row.percent),
      colour: row.colour,
    })),
    safety: draft.safety.map((row) => ({
      label: row.label,
      thresholdMs: number(row.threshold) ?? 0,
      allowedExceedance: share(row.percent) ?? 0,
      colour: row.colour,
    })),
  };
}

export interface CriterionFormProps {
  mode: 'new' | 'edit';
  start: Criterion | CompanyCriterion | null;
  /** The server's field errors of the last refused save. */
  serverErrors: Record<string, string[]>;
  busy: boolean;
  onSave(table: CompanyCriterionInput): void;
  onClose(): void;
}

export function CriterionForm({ mode, start, serverErrors, busy, onSave, onClose }: CriterionFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(start, mode));
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  const errors = { ...serverErrors, ...checked };
  const at = (key: string) => errors[key] ?? [];
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const setRow = (list: 'classes' | 'safety', i: number, changes: Partial<Row>) =>
    setDraft((d) => ({ ...d, [list]: d[list].map((row, j) => (j === i ? { ...row, ...changes } : row)) }));

  function addClass() {
    setDraft((d) => {
      const before = d.classes.slice(0, -1);
      const previous = before.at(-1);
      const row: Row = {
        label: `Class ${d.classes.length}`,
        threshold: previous ? String(Number(previous.threshold || 0) + 2) : '4',
        percent: previous?.percent || '5',
        colour: COMFORT_COLOURS[Math.min(before.length, 3)],
      };
      return { ...d, classes: [...before, row, d.classes.at(-1)!] };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = localErrors(draft);
    setChecked(local);
    if (Object.keys(local).length === 0) onSave(asInput(draft));
  }

  const title = mode === 'edit' ? `Edit “${start?.name ?? 'table'}”` : 'New criterion table';
  const last = draft.classes.length - 1;
  const general = [...at('classes'), ...at('non_field_errors')];
  return (
    <form className={`${card} ${cardBody} ${stack}`} onSubmit={submit} aria-labelledby="criterion-form-title" noValidate>
      <h2 className={sectionTitle} id="criterion-form-title">
        {title}
      </h2>
      <div className={formGrid}>
        <TextField id="criterion-name" label="Name" value={draft.name} onValueChange={(name) => set({ name })} errors={at('name')} maxLength={100} required />
        <SelectField
          id="criterion-speed-type"
          label="Speed basis"
          value={draft.speedType}
          options={SPEED_TYPES}
          onValueChange={(v) => set({ speedType: v as Draft['speedType'] })}
          errors={at('speedType')}
        />
        <SelectField
          id="criterion-comparison"
          label="Exceedance test"
          value={draft.exceedanceComparison}
          options={COMPARISONS}
          onValueChange={(v) => set({ exceedanceComparison: v as Draft['exceedanceComparison'] })}
          errors={at('exceedanceComparison')}
        />
      </div>
      <TextareaField
        id="criterion-description"
        label="Description"
        value={draft.description}
        onValueChange={(description) => set({ description })}
        errors={at('description')}
        maxLength={500}
        rows={2}
      />

      <fieldset className={stack}>
        <legend className={sectionTitle}>Comfort classes, most comfortable first</legend>
        <p className={muted}>
          A point gets the first class whose threshold speed it exceeds in no more than the allowed share of hours; the last class catches every other point.
          Thresholds and percentages may not fall from one row to the next.
        </p>
        {general.length ? <InlineMessage tone="danger">{general.join(' ')}</InlineMessage> : null}
        <table className={table}>
          <BandHead first="Class" />
          <tbody>
            {draft.classes.map((row, i) => (
              <tr key={i}>
                <LabelCell list="classes" name="class" i={i} row={row} at={at} setRow={setRow} />
                {i === last ? (
                  <td className={td} colSpan={2}>
                    <span className={muted}>Every other point</span>
                    {[...at(`classes.${i}.thresholdMs`), ...at(`classes.${i}.allowedExceedance`)].length ? (
                      <InlineMessage tone="danger">{[...at(`classes.${i}.thresholdMs`), ...at(`classes.${i}.allowedExceedance`)].join(' ')}</InlineMessage>
                    ) : null}
                  </td>
                ) : (
                  <LimitCells list="classes" name="class" i={i} row={row} at={at} setRow={setRow} bounded />
                )}
                <ColourCell list="classes" name="class" i={i} row={row} at={at} setRow={setRow} />
                <td className={td}>
                  {i !== last && draft.classes.length > 2 ? (
                    <Button
                      type="button"
                      size="sm"
                      tone="ghost"
                      onClick={() => set({ classes: draft.classes.filter((_, j) => j !== i) })}
                      aria-label={`Remove class ${i + 1} (${row.label || 'no label'})`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <Button type="button" size="sm" onClick={addClass} disabled={draft.classes.length >= 12}>
            Add class
          </Button>
        </div>
      </fieldset>

      <fieldset className={stack}>
        <legend className={sectionTitle}>Safety limits, least severe first</legend>
        <p className={muted}>A point is unsafe at the most severe limit whose speed it exceeds in more than the allowed share of the year’s hours.</p>
        {draft.safety.length ? (
          <table className={table}>
            <BandHead first="Limit" />
            <tbody>
              {draft.safety.map((row, i) => (
                <tr key={i}>
                  <LabelCell list="safety" name="safety limit" i={i} row={row} at={at} setRow={setRow} />
                  <LimitCells list="safety" name="safety limit" i={i} row={row} at={at} setRow={setRow} />
                  <ColourCell list="safety" name="safety limit" i={i} row={row} at={at} setRow={setRow} />
                  <td className={td}>
                    <Button
                      type="button"
                      size="sm"
                      tone="ghost"
                      onClick={() => set({ safety: draft.safety.filter((_, j) => j !== i) })}
                      aria-label={`Remove safety limit ${i + 1} (${row.label || 'no label'})`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={muted}>No safety limits.</p>
        )}
        <div>
          <Button
            type="button"
            size="sm"
            disabled={draft.safety.length >= 6}
            onClick={() =>
              set({
                safety: [...draft.safety, { label: 'Unsafe', threshold: '15', percent: '0.022', colour: SAFETY_COLOURS[Math.min(draft.safety.length, 1)] }],
              })
            }
          >
            Add safety limit
          </Button>
        </div>
      </fieldset>

      <div className={actions}>
        <Button type="button" tone="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" tone="primary" disabled={busy}>
          {busy ? 'Saving…' : mode === 'edit' ? 'Save table' : 'Add table'}
        </Button>
      </div>
    </form>
  );
}

/** The head of the classes' and the safety limits' tables: they differ only in what a row is called. */
function BandHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        {[first, 'Threshold (m/s)', 'Allowed exceedance (%)', 'Colour'].map((title) => (
          <th key={title} className={th} scope="col">
            {title}
          </th>
        ))}
        <th className={th} scope="col">
          <span hidden>Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** One row of a band table: which list, what its rows are called ('class', 'safety limit'), its errors and its setter. */
interface BandCellProps {
  list: 'classes' | 'safety';
  name: string;
  i: number;
  row: Row;
  at(key: string): readonly string[];
  setRow(list: 'classes' | 'safety', i: number, changes: Partial<Row>): void;
}

const fieldId = (list: BandCellProps['list'], i: number, part: string) => `${list === 'classes' ? 'class' : 'safety'}-${i}-${part}`;

/** One cell of a band row: the row's `field`, labelled by `labelOf('<name> <n>')`, its errors under `<list>.<n>.<errorKey>`. */
function BandCell({
  list,
  name,
  i,
  row,
  at,
  setRow,
  field,
  labelOf,
  errorKey,
  ...input
}: BandCellProps & { field: keyof Row; labelOf: (name: string) => string; errorKey: string } & Omit<
    TextFieldProps,
    'id' | 'label' | 'value' | 'onValueChange' | 'errors' | 'hideLabel'
  >) {
  return (
    <td className={td}>
      <TextField
        id={fieldId(list, i, field)}
        label={labelOf(`${name} ${i + 1}`)}
        hideLabel
        value={row[field]}
        onValueChange={(value) => setRow(list, i, { [field]: value })}
        errors={at(`${list}.${i}.${errorKey}`)}
        {...input}
      />
    </td>
  );
}

function LabelCell(props: BandCellProps) {
  return <BandCell {...props} field="label" labelOf={(n) => `Label of ${n}`} errorKey="label" maxLength={60} />;
}

/** The threshold and the allowed share of hours; `bounded`: both within 0–100 (a comfort class's). */
function LimitCells({ bounded, ...props }: BandCellProps & { bounded?: boolean }) {
  const number = { className: rowInput, type: 'number', inputMode: 'decimal', ...(bounded ? { min: 0, max: 100 } : {}), step: 'any' } as const;
  return (
    <>
      <BandCell {...props} {...number} field="threshold" labelOf={(n) => `Threshold of ${n} (m/s)`} errorKey="thresholdMs" />
      <BandCell {...props} {...number} field="percent" labelOf={(n) => `Allowed exceedance of ${n} (%)`} errorKey="allowedExceedance" />
    </>
  );
}

function ColourCell(props: BandCellProps) {
  return <BandCell {...props} field="colour" labelOf={(n) => `Colour of ${n}`} errorKey="colour" className={colourInput} type="color" />;
}
