/** A labelled input with a hint and the server's messages for it, announced as its description. */
import type { InputHTMLAttributes } from 'react';
import { field, fieldError, hint as hintClass, input, label as labelClass } from './field.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  errors?: readonly string[];
  /** Visually hidden label (a toolbar's search box); still read by screen readers. */
  hideLabel?: boolean;
}

export function TextField({ id, label, value, onValueChange, hint, errors = [], hideLabel, className, ...rest }: TextFieldProps) {
  const described = [hint ? `${id}-hint` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(' ');
  return (
    <div className={[field, className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? visuallyHidden : labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={input}
        value={value}
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
