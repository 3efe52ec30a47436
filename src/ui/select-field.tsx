/** A labelled native select (keyboard and screen readers for free), with the server's messages. */
import type { SelectHTMLAttributes } from 'react';
import { field, fieldError, input, label as labelClass } from './field.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** An empty first choice ('Choose…'), when the field may be left unset. */
  placeholder?: string;
  errors?: readonly string[];
  /** Visually hidden label (the select sits in a table row or a toolbar). */
  hideLabel?: boolean;
}

export function SelectField({ id, label, value, onValueChange, options, placeholder, errors = [], hideLabel, className, ...rest }: SelectFieldProps) {
  return (
    <div className={[field, className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? visuallyHidden : labelClass} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {errors.length ? (
        <p id={`${id}-errors`} className={fieldError}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
