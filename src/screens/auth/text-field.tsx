/** A labelled input with the server's messages for it underneath, announced as its description. */
import type { InputHTMLAttributes } from 'react';
import { field, fieldError, input, label as labelClass } from './auth.css.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  errors?: readonly string[];
}

export function TextField({ id, label, value, onValueChange, errors = [], ...rest }: TextFieldProps) {
  const errorId = `${id}-errors`;
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errorId : undefined}
        {...rest}
      />
      {errors.length ? (
        <p id={errorId} className={fieldError}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
