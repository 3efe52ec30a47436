/**
 * The project's scenarios by study, with their live status, their simulations (details, QA report,
 * ML resubmission) and their actions (add, edit, append, duplicate, hide, delete); empty until a scenario is added. Hidden scenarios stay listed
 * here (marked, with 'Show' among their actions). After each change `onChanged` has the project
 * and its scenarios read again (machines/project-detail), so the table follows.
 */
import type { StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { AddScenarioButton } from '../scenario-wizard/add-scenario-button.tsx';
import { LiveStatusBadge } from '../scenario-wizard/live-status-badge.tsx';
import { LiveStatusProvider } from '../scenario-wizard/live-status-provider.tsx';
import { ScenarioRowActions } from '../scenario-wizard/scenario-row-actions.tsx';
import { SimulationsButton } from '../simulation-details/simulations-button.tsx';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { card, cardHeader, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { scenarioHref } from '../project-detail/project-wheel.tsx';

export interface ScenariosTabProps {
  projectId: number;
  studies: StudyWithScenarios[];
  /** May add and change scenarios (simulation_assets.add_configuration / change_project). */
  canAdd?: boolean;
  /** A scenario was added or changed: the project's lists should be read again. */
  onChanged?(): void;
}

export function ScenariosTab({ projectId, studies, canAdd = false, onChanged }: ScenariosTabProps) {
  const rows = studies.flatMap((study) => (study.configurations ?? []).map((scenario) => ({ study, scenario })));
  const add = canAdd ? <AddScenarioButton projectId={projectId} studyId={studies[0]?.id} onChanged={onChanged} /> : null;
  if (rows.length === 0) {
    return (
      <>
        <EmptyState
          title="No scenarios yet"
          description="A scenario is one configuration of the site — geometry, analyses and weather — submitted for simulation. The scenario wizard adds them; they then appear here and on the wheel."
        />
        {add}
      </>
    );
  }
  return (
    <LiveStatusProvider>
      <section className={card} aria-labelledby="scenarios-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="scenarios-title">
            Scenarios
          </h2>
          {add}
        </header>
        <table className={table}>
          <thead>
            <tr>
              <th className={th} scope="col">
                Scenario
              </th>
              <th className={th} scope="col">
                Study
              </th>
              <th className={th} scope="col">
                Status
              </th>
              <th className={th} scope="col">
                <span hidden>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ study, scenario }) => {
              return (
                <tr key={scenario.id}>
                  <td className={td}>
                    {scenario.name}
                    {scenario.hidden ? (
                      <>
                        {' '}
                        <Badge>Hidden</Badge>
                      </>
                    ) : null}
                  </td>
                  <td className={td}>{study.name}</td>
                  <td className={td}>
                    <LiveStatusBadge projectId={projectId} configurationId={scenario.id} simulationIds={[]} status={scenario.status} engine={scenario.engine} />
                  </td>
                  <td className={td}>
                    <ButtonLink size="sm" href={scenarioHref(projectId, study.id, scenario.id)} aria-label={`Open ${scenario.name} in the viewer`}>
                      Open
                    </ButtonLink>
                    <SimulationsButton projectId={projectId} configurationId={scenario.id} scenarioName={scenario.name} />
                    {canAdd ? <ScenarioRowActions projectId={projectId} studyId={study.id} scenario={scenario} onChanged={onChanged} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </LiveStatusProvider>
  );
}
