/**
 * What every labelled field shares: the label (visually hidden on request), the control, its hint
 * and the server's messages, both announced as the control's description. The text, text area and
 * select fields differ only in the control they put in the frame; the auth screens' fields are the
 * same frame in the auth card's classes.
 */
import type { ReactNode } from 'react';
import { field, fieldError, hint, input, label } from './field.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

/** The classes a field is drawn with (the app's, or the auth card's). */
export interface FieldClasses {
  field: string;
  label: string;
  control: string;
  hint: string;
  error: string;
}

export const APP_FIELD: FieldClasses = { field, label, control: input, hint, error: fieldError };

/** What the control carries so that assistive technology reads the hint and the messages with it. */
export interface ControlDescription {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  errors: readonly string[];
  hideLabel?: boolean;
  className?: string;
  classes: FieldClasses;
  children(description: ControlDescription): ReactNode;
}

export function FieldFrame({ id, label: text, hint: hintText, errors, hideLabel, className, classes, children }: FieldFrameProps) {
  const described = [hintText ? `${id}-hint` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(' ');
  return (
    <div className={[classes.field, className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? visuallyHidden : classes.label} htmlFor={id}>
        {text}
      </label>
      {children({ 'aria-invalid': errors.length > 0 || undefined, 'aria-describedby': described || undefined })}
      {hintText ? (
        <p id={`${id}-hint`} className={classes.hint}>
          {hintText}
        </p>
      ) : null}
      {errors.length ? (
        <p id={`${id}-errors`} className={classes.error}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
