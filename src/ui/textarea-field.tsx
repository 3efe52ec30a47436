/** A labelled multi-line input (monospace: it holds JSON documents), with hint and messages. */
import type { TextareaHTMLAttributes } from 'react';
import { textarea } from './field.css.ts';
import { APP_FIELD, FieldFrame } from './field-frame.tsx';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  errors?: readonly string[];
}

export function TextareaField({ id, label, value, onValueChange, hint, errors = [], ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} classes={APP_FIELD}>
      {(description) => (
        <textarea id={id} className={textarea} value={value} spellCheck={false} onChange={(e) => onValueChange(e.target.value)} {...description} {...rest} />
      )}
    </FieldFrame>
  );
}
