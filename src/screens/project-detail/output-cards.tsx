/** The output cards of the selected study's scenarios. */
import type { StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { card, cardBody, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { OutputCard } from './output-card.tsx';
import { LiveStatusProvider } from '../scenario-wizard/live-status-provider.tsx';
import { cards } from './project-detail.css.ts';

export interface OutputCardsProps {
  projectId: number;
  study: StudyWithScenarios | null;
  /** May approve scenarios here (the per-project permission the server checks). */
  canApprove?: boolean;
  /** A scenario changed: the project is read again. */
  onChanged?(): void;
}

export function OutputCards({ projectId, study, canApprove = false, onChanged }: OutputCardsProps) {
  const scenarios = (study?.configurations ?? []).filter((c) => !c.hidden);
  return (
    <section className={card} aria-labelledby="outputs-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="outputs-title">
          Outputs{study ? ` — ${study.name}` : ''}
        </h2>
        <span className={muted}>{scenarios.length === 1 ? '1 scenario' : `${scenarios.length} scenarios`}</span>
      </header>
      <div className={cardBody}>
        {!study ? (
          <EmptyState compact headingLevel={3} title="No study selected" description="Choose a study on the wheel to see its outputs." />
        ) : scenarios.length === 0 ? (
          <EmptyState
            compact
            headingLevel={3}
            title="No outputs yet"
            description="Outputs appear here once a scenario of this study has run: each analysis with its number of results, ready to open in the viewer."
          />
        ) : (
          <LiveStatusProvider>
            <ul className={cards}>
              {scenarios.map((scenario) => (
                <li key={scenario.id}>
                  <OutputCard projectId={projectId} studyId={study.id} scenario={scenario} canApprove={canApprove} onChanged={onChanged} />
                </li>
              ))}
            </ul>
          </LiveStatusProvider>
        )}
      </div>
    </section>
  );
}
