/** One scenario's available outputs (analyses with result counts), opening it in the viewer. */
import type { ScenarioSummary } from '@machines/project-detail/project-detail.types.ts';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { humanize } from '../../ui/format.ts';
import { card, muted, sectionTitle } from '../../ui/surface.css.ts';
import { statusLook } from './scenario-status.ts';
import { scenarioHref } from './project-wheel.tsx';
import { flush, levelRow, outputCard, outputList, outputRow, pushDown } from './project-detail.css.ts';

export function OutputCard({ projectId, studyId, scenario }: { projectId: number; studyId: number; scenario: ScenarioSummary }) {
  const look = statusLook(scenario.status);
  const outputs = scenario.outputs ?? [];
  return (
    <article className={`${card} ${outputCard}`} aria-label={`Scenario ${scenario.name}`}>
      <div className={levelRow}>
        <h3 className={sectionTitle}>{scenario.name}</h3>
        <Badge tone={look.tone}>{look.label}</Badge>
      </div>
      {scenario.engine ? <span className={muted}>{scenario.engine === 'CFD' ? 'CFD simulation' : 'AI prediction'}</span> : null}
      {outputs.length ? (
        <ul className={outputList}>
          {outputs.map((o) => (
            <li key={o.analysis_type} className={outputRow}>
              <span>{o.analysis_type ? humanize(o.analysis_type) : 'Other layers'}</span>
              <span className={muted}>{o.count === 1 ? '1 result' : `${o.count} results`}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${muted} ${flush}`}>
          No results yet.
        </p>
      )}
      <div className={pushDown}>
        <ButtonLink size="sm" href={scenarioHref(projectId, studyId, scenario.id)}>
          Open in viewer
        </ButtonLink>
      </div>
    </article>
  );
}
