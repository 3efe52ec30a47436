/** The insight's edit form (editing mode): title, type and text. */
import { useState } from 'react';
import type { Insight, InsightCategory } from '@canopy/contract/insights.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import * as css from './insights.css.ts';

export function InsightEditor({
  insight,
  categories,
  onSave,
  onCancel,
}: {
  insight: Insight;
  categories: InsightCategory[];
  onSave(fields: { title: string; text: string; category: string | null }): void;
  onCancel(): void;
}) {
  const [title, setTitle] = useState(insight.title);
  const [text, setText] = useState(insight.text);
  const [category, setCategory] = useState(insight.category ?? '');
  const errors = title.trim() ? [] : ['This field may not be blank.'];
  return (
    <form
      className={css.panel}
      aria-label="Edit insight"
      onSubmit={(e) => {
        e.preventDefault();
        if (errors.length) return;
        onSave({ title: title.trim(), text, category: category || null });
      }}
    >
      <TextField id="insight-title" label="Title" value={title} onValueChange={setTitle} errors={errors} />
      <SelectField
        id="insight-category"
        label="Type"
        value={category}
        onValueChange={setCategory}
        options={[{ value: '', label: 'No type' }, ...categories.map((c) => ({ value: c.key, label: c.name }))]}
      />
      <TextareaField id="insight-text" label="Text" value={text} onValueChange={setText} rows={5} />
      <div className={css.row}>
        <Button type="submit" size="sm" tone="primary" disabled={errors.length > 0}>
          Save insight
        </Button>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
