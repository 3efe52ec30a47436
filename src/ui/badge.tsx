/** A small status label. */
import type { ReactNode } from 'react';
import { badge, type BadgeVariants } from './surface.css.ts';

export type BadgeTone = NonNullable<NonNullable<BadgeVariants>['tone']>;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={badge({ tone })}>{children}</span>;
}
