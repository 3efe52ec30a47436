/** A labelled multi-line input (monospace: it holds JSON documents), with hint and messages. */
import type { TextareaHTMLAttributes } from 'react';
import { field, fieldError, hint as hintClass, label as labelClass, textarea } from './field.css.ts';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  errors?: readonly string[];
}

export function TextareaField({ id, label, value, onValueChange, hint, errors = [], ...rest }: TextareaFieldProps) {
  const described = [hint ? `${id}-hint` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(' ');
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={textarea}
        value={value}
        spellCheck={false}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={`${id}-errors`} className={fieldError}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
