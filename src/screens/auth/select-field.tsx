/** A labelled native select (keyboard and screen readers for free) with the server's messages for it. */
import type { SelectHTMLAttributes } from 'react';
import { field, fieldError, input, label as labelClass } from './auth.css.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** The first, empty choice ('Choose…'). */
  placeholder: string;
  errors?: readonly string[];
}

export function SelectField({ id, label, value, onValueChange, options, placeholder, errors = [], ...rest }: SelectFieldProps) {
  const errorId = `${id}-errors`;
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errorId : undefined}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors.length ? (
        <p id={errorId} className={fieldError}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
