import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { button, type ButtonVariants } from './button.css.ts';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ tone, size, className, type = 'button', ...rest }, ref) {
  return <button ref={ref} type={type} className={[button({ tone, size }), className].filter(Boolean).join(' ')} {...rest} />;
});
