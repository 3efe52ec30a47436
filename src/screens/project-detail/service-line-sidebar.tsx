/** The service-line sidebar: what the company (and every company) offers, from service-line/. */
import type { ServiceLine } from '@machines/project-detail/project-detail.types.ts';
import { Button } from '../../ui/button.tsx';
import { card, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { chip, chips, plainList, serviceLine, serviceName, serviceText } from './project-detail.css.ts';

export interface ServiceLineSidebarProps {
  lines: ServiceLine[];
  loading: boolean;
  /** Failed after the automatic attempts: the user may try again. */
  failed: boolean;
  onRetry(): void;
}

export function ServiceLineSidebar({ lines, loading, failed, onRetry }: ServiceLineSidebarProps) {
  return (
    <section className={card} aria-labelledby="service-lines-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="service-lines-title">
          Service lines
        </h2>
      </header>
      {loading ? (
        <p className={`${serviceLine} ${muted}`}>Loading…</p>
      ) : failed ? (
        <div className={serviceLine} role="alert">
          <p className={muted} style={{ marginTop: 0 }}>
            The service lines could not be loaded.
          </p>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : lines.length === 0 ? (
        <p className={`${serviceLine} ${muted}`}>No service lines are offered yet.</p>
      ) : (
        <ul className={plainList}>
          {lines.map((line) => (
            <li key={line.id} className={serviceLine}>
              <h3 className={serviceName}>{line.name}</h3>
              {line.description ? <p className={serviceText}>{line.description}</p> : null}
              {line.offerings.length ? (
                <ul className={chips} aria-label={`${line.name} offers`}>
                  {line.offerings.map((o) => (
                    <li key={o} className={chip}>
                      {o}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
