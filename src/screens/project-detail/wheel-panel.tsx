/** The wheel with its study list and the status legend. */
import type { StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { scenariosOf } from '@machines/project-detail/project-detail.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { card, cardHeader, eyebrow, muted, sectionTitle } from '../../ui/surface.css.ts';
import { ProjectWheel } from './project-wheel.tsx';
import { LEGEND } from './scenario-status.ts';
import { legend, note, studyButton, studyList, swatch, wheelCard } from './project-detail.css.ts';

export interface WheelPanelProps {
  projectId: number;
  projectName: string;
  studies: StudyWithScenarios[];
  selectedStudyId: number | null;
  onSelectStudy(studyId: number): void;
}

export function WheelPanel(props: WheelPanelProps) {
  const { studies, selectedStudyId, onSelectStudy } = props;
  const empty = scenariosOf(studies).length === 0;
  return (
    <section className={card} aria-labelledby="wheel-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="wheel-title">
          Studies and scenarios
        </h2>
      </header>
      <div className={wheelCard}>
        <ProjectWheel {...props} />
        <div>
          <p className={eyebrow}>Studies</p>
          {studies.length === 0 ? (
            <p className={muted}>This project has no studies.</p>
          ) : (
            <ul className={studyList}>
              {studies.map((study) => {
                const count = (study.configurations ?? []).filter((c) => !c.hidden).length;
                return (
                  <li key={study.id}>
                    <button type="button" className={studyButton} aria-pressed={study.id === selectedStudyId} onClick={() => onSelectStudy(study.id)}>
                      <span>{study.name}</span>
                      <Badge tone={count ? 'accent' : 'neutral'}>{count === 1 ? '1 scenario' : `${count} scenarios`}</Badge>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {empty ? (
            <p className={note}>
              No scenarios yet. A scenario runs wind, thermal comfort or solar analyses on the study’s geometry; each one appears on the outer ring, coloured by
              its status.
            </p>
          ) : null}
          <ul className={legend} aria-label="Status colours">
            {LEGEND.map((l) => (
              <li key={l.status}>
                <span className={swatch} style={{ background: l.fill }} aria-hidden />
                {l.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
