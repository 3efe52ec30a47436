/** What a screen shows when there is nothing to list: what it is, why, and the way forward. */
import type { ReactNode } from 'react';
import {
  action as actionClass,
  compact as compactClass,
  description as descriptionClass,
  empty,
  icon as iconClass,
  title as titleClass,
} from './empty-state.css.ts';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  compact?: boolean;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, description, action, icon, compact, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={[empty, compact ? compactClass : ''].join(' ')}>
      {icon ? (
        <div className={iconClass} aria-hidden>
          {icon}
        </div>
      ) : null}
      <Heading className={titleClass}>{title}</Heading>
      {description ? <p className={descriptionClass}>{description}</p> : null}
      {action ? <div className={actionClass}>{action}</div> : null}
    </div>
  );
}
