/** One scenario's available outputs (analyses with result counts) and its live status, opening it in the viewer. */
import type { ScenarioSummary } from '@machines/project-detail/project-detail.types.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { resultAnalysisLabel, roleLabel } from '@canopy/engine/results/labels.ts';
import { card, muted, sectionTitle } from '../../ui/surface.css.ts';
import { LiveStatusBadge } from '../scenario-wizard/live-status-badge.tsx';
import { ApproveScenarioButton } from '../scenario-wizard/approve-scenario-button.tsx';
import { scenarioHref } from './project-wheel.tsx';
import { cardActions, flush, outputCard, outputHead, outputList, outputName, outputRow } from './project-detail.css.ts';

/** "AI" names a machine-learning model only: Canopy's own computations say so. */
function madeByLabel(scenario: ScenarioSummary): string {
  const external = scenario.engine === 'CFD' ? 'CFD simulation' : 'AI prediction';
  if (scenario.madeBy === 'canopy') return 'Computed by Canopy';
  if (scenario.madeBy === 'both') return `Computed by Canopy, and ${external}`;
  return external;
}

export interface OutputCardProps {
  projectId: number;
  studyId: number;
  scenario: ScenarioSummary;
  /** May approve (simulation_assets.change_configuration in this project, as the server checks). */
  canApprove?: boolean;
  /** The scenario changed (approved): the project is read again. */
  onChanged?(): void;
}

export function OutputCard({ projectId, studyId, scenario, canApprove = false, onChanged }: OutputCardProps) {
  const outputs = scenario.outputs ?? [];
  const geometry = scenario.geometry ?? [];
  return (
    <article className={`${card} ${outputCard}`} aria-label={`Scenario ${scenario.name}`}>
      <div className={outputHead}>
        <h3 className={`${sectionTitle} ${outputName}`}>{scenario.name}</h3>
        <LiveStatusBadge projectId={projectId} configurationId={scenario.id} simulationIds={[]} status={scenario.status} engine={scenario.engine} />
      </div>
      {scenario.engine ? <span className={muted}>{madeByLabel(scenario)}</span> : null}
      {outputs.length ? (
        <ul className={outputList}>
          {outputs.map((o) => (
            <li key={o.analysis_type} className={outputRow}>
              <span>{o.analysis_type ? resultAnalysisLabel(o.analysis_type) : 'Other results'}</span>
              <span className={muted}>{o.count === 1 ? '1 result' : `${o.count} results`}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${muted} ${flush}`}>No results yet.</p>
      )}
      {geometry.length ? (
        <p className={`${muted} ${flush}`}>Geometry: {geometry.map((role, i) => (i === 0 ? roleLabel(role) : roleLabel(role).toLowerCase())).join(', ')}</p>
      ) : null}
      <div className={cardActions}>
        <ButtonLink size="sm" href={scenarioHref(projectId, studyId, scenario.id)}>
          Open in viewer
        </ButtonLink>
        {canApprove && scenario.status === 'awaiting_approval' ? (
          <ApproveScenarioButton projectId={projectId} studyId={studyId} scenario={scenario} onChanged={onChanged} />
        ) : null}
      </div>
    </article>
  );
}
