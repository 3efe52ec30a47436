/** A link that looks like a button: navigation (Details, Properties) styled as an action. */
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { button, type ButtonVariants } from './button.css.ts';

export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & ButtonVariants & { href: string };

export function ButtonLink({ href, tone, size, className, ...rest }: ButtonLinkProps) {
  return <Link href={href} className={[button({ tone, size }), className].filter(Boolean).join(' ')} {...rest} />;
}
