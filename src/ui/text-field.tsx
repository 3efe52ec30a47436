/** A labelled input with a hint and the server's messages for it, announced as its description. */
import type { InputHTMLAttributes } from 'react';
import { APP_FIELD, FieldFrame, type FieldClasses } from './field-frame.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  errors?: readonly string[];
  /** Visually hidden label (a toolbar's search box); still read by screen readers. */
  hideLabel?: boolean;
  /** The auth card's classes instead of the app's. */
  classes?: FieldClasses;
}

export function TextField({ id, label, value, onValueChange, hint, errors = [], hideLabel, className, classes = APP_FIELD, ...rest }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} hideLabel={hideLabel} className={className} classes={classes}>
      {(description) => <input id={id} className={classes.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...description} {...rest} />}
    </FieldFrame>
  );
}
