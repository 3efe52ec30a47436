/**
 * The annotation menu (SPEC §2): a placed pin's type (a template, or one of the insight's own pin
 * types), its colour and icon (the type's, which the user may change), title and note.
 */
import { pointInWords, valueInWords } from '../viewer/value-words.ts';
import { useState } from 'react';
import type { PinType, PinTypeTemplate } from '@canopy/contract/insights.ts';
import type { PinDetails, PinPlacement } from '@machines/viewer-modes/viewer-modes.types.ts';
import { Button } from '../../ui/button.tsx';
import { field, label as labelClass } from '../../ui/field.css.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { PIN_ICONS } from './pin-icons.ts';
import * as css from './insights.css.ts';

interface TypeOption {
  value: string;
  label: string;
  templateId: number | null;
  pinTypeId: number | null;
  colour: string;
  icon: string;
}

export function PinForm({
  templates,
  pinTypes,
  placement,
  onSave,
  onCancel,
}: {
  templates: PinTypeTemplate[];
  pinTypes: PinType[];
  placement: PinPlacement;
  onSave(details: PinDetails): void;
  onCancel(): void;
}) {
  // Templates and the insight's own pin types share one select (their ids may coincide, so each
  // value says which it is): the templates not used yet first, then the insight's types.
  const options: TypeOption[] = [
    ...templates
      .filter((t) => !pinTypes.some((p) => p.template_id === t.id))
      .map((t) => ({ value: `t${t.id}`, label: t.name, templateId: t.id, pinTypeId: null, colour: t.colour, icon: t.icon })),
    ...pinTypes.map((p) => ({ value: `p${p.id}`, label: p.name, templateId: null, pinTypeId: p.id, colour: p.colour, icon: p.icon })),
  ];
  const first = options[0];
  const [type, setType] = useState(first?.value ?? '');
  const [colour, setColour] = useState(first?.colour ?? '#e4572e');
  const [icon, setIcon] = useState(first?.icon ?? 'info');
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const chosen = options.find((o) => o.value === type);
  const value = placement.valueText ?? (placement.value !== undefined ? valueInWords(placement.value, null, placement.unit) : null);
  const icons = PIN_ICONS.some((i) => i.name === icon) ? PIN_ICONS : [...PIN_ICONS, { name: icon, label: icon, glyph: '' }];

  const chooseType = (next: string) => {
    setType(next);
    const option = options.find((o) => o.value === next);
    // A new type brings its own look; the user changes it after choosing.
    if (option) {
      setColour(option.colour);
      setIcon(option.icon);
    }
  };

  return (
    <form
      className={css.panel}
      aria-label="Pin"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        onSave({ templateId: chosen.templateId, pinTypeId: chosen.pinTypeId, colour, icon, title: title.trim(), note });
      }}
    >
      <p className={css.muted}>
        Pin at {pointInWords(placement.point)}
        {value ? ` · ${value}` : ''}
      </p>
      <SelectField id="pin-type" label="Pin type" value={type} onValueChange={chooseType} options={options} errors={chosen ? [] : ['Choose a pin type.']} />
      <div className={css.row}>
        <div className={field}>
          <label className={labelClass} htmlFor="pin-colour">
            Pin colour
          </label>
          <input id="pin-colour" type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
        </div>
        <SelectField
          id="pin-icon"
          label="Pin icon"
          value={icon}
          onValueChange={setIcon}
          options={icons.map((i) => ({ value: i.name, label: i.glyph ? `${i.glyph} ${i.label}` : i.label }))}
        />
      </div>
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
