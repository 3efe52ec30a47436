/** The auth card's input: the app's TextField in the card's classes. */
import { TextField as AppTextField, type TextFieldProps as AppTextFieldProps } from '../../ui/text-field.tsx';
import { AUTH_FIELD } from './auth-fields.ts';

export type TextFieldProps = Omit<AppTextFieldProps, 'classes' | 'hideLabel' | 'hint'>;

export function TextField(props: TextFieldProps) {
  return <AppTextField {...props} classes={AUTH_FIELD} />;
}
