/** The auth card's select: the app's SelectField in the card's classes, always with its empty first choice. */
import { SelectField as AppSelectField, type SelectFieldProps as AppSelectFieldProps } from '../../ui/select-field.tsx';
import { AUTH_FIELD } from './auth-fields.ts';

export interface SelectFieldProps extends Omit<AppSelectFieldProps, 'classes' | 'hideLabel' | 'placeholder'> {
  /** The first, empty choice ('Choose…'). */
  placeholder: string;
}

export function SelectField(props: SelectFieldProps) {
  return <AppSelectField {...props} classes={AUTH_FIELD} />;
}
