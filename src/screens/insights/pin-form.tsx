/** The annotation menu (SPEC §2): a placed pin's type (templates, or the insight's own types), title and note. */
import { useState } from 'react';
import type { PinType, PinTypeTemplate } from '@server/contract/insights.ts';
import type { PinDetails, PinPlacement } from '@machines/viewer-modes/viewer-modes.types.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import * as css from './insights.css.ts';

export function PinForm({ templates, pinTypes, placement, onSave, onCancel }: { templates: PinTypeTemplate[]; pinTypes: PinType[]; placement: PinPlacement; onSave(details: PinDetails): void; onCancel(): void }) {
  // Template ids and the insight's own pin-type ids share one select: templates first, those not yet used.
  const options = [
    ...templates.filter((t) => !pinTypes.some((p) => p.template_id === t.id)).map((t) => ({ value: `t${t.id}`, label: t.name, id: t.id })),
    ...pinTypes.map((p) => ({ value: `p${p.id}`, label: p.name, id: p.id })),
  ];
  const [type, setType] = useState(options[0]?.value ?? '');
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const chosen = options.find((o) => o.value === type);
  const value = placement.value !== undefined ? `${placement.value.toFixed(2)}${placement.unit ? ` ${placement.unit}` : ''}` : null;
  return (
    <form
      className={css.panel}
      aria-label="Pin"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        onSave({ pinTypeId: chosen.id, title: title.trim(), note });
      }}
    >
      <p className={css.muted}>
        Pin at ({placement.point.map((v) => v.toFixed(1)).join(', ')}){value ? ` · ${value}` : ''}
      </p>
      <SelectField id="pin-type" label="Pin type" value={type} onValueChange={setType} options={options} errors={chosen ? [] : ['Choose a pin type.']} />
      <TextField id="pin-title" label="Pin title" value={title} onValueChange={setTitle} />
      <TextareaField id="pin-note" label="Note" value={note} onValueChange={setNote} rows={3} />
      <div className={css.row}>
        <Button type="submit" size="sm" tone="primary" disabled={!chosen}>
          Save pin
        </Button>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
