/** A native checkbox with its label and an optional hint. */
import { checkbox, checkboxRow, hintBlock } from './field.css.ts';

export interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  hint?: string;
  disabled?: boolean;
}

export function CheckboxField({ id, label, checked, onCheckedChange, hint, disabled }: CheckboxFieldProps) {
  return (
    <label className={checkboxRow} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        className={checkbox}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <span>
        {label}
        {hint ? (
          <span id={`${id}-hint`} className={hintBlock}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
