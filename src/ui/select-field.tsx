/** A labelled native select (keyboard and screen readers for free), with the server's messages. */
import type { SelectHTMLAttributes } from 'react';
import { APP_FIELD, FieldFrame, type FieldClasses } from './field-frame.tsx';

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
  /** The auth card's classes instead of the app's. */
  classes?: FieldClasses;
}

export function SelectField({
  id,
  label,
  value,
  onValueChange,
  options,
  placeholder,
  errors = [],
  hideLabel,
  className,
  classes = APP_FIELD,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} errors={errors} hideLabel={hideLabel} className={className} classes={classes}>
      {(description) => (
        <select id={id} className={classes.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...description} {...rest}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
