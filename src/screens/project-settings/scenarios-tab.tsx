/** The project's scenarios by study, with their status; empty until a scenario is added (issue 9). */
import type { StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { card, cardHeader, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { statusLook } from '../project-detail/scenario-status.ts';
import { scenarioHref } from '../project-detail/project-wheel.tsx';

export function ScenariosTab({ projectId, studies }: { projectId: number; studies: StudyWithScenarios[] }) {
  const rows = studies.flatMap((study) => (study.configurations ?? []).map((scenario) => ({ study, scenario })));
  if (rows.length === 0) {
    return (
      <EmptyState
        title="No scenarios yet"
        description="A scenario is one configuration of the site — geometry, analyses and weather — submitted for simulation. The scenario wizard adds them; they then appear here and on the wheel."
      />
    );
  }
  return (
    <section className={card} aria-labelledby="scenarios-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="scenarios-title">
          Scenarios
        </h2>
      </header>
      <table className={table}>
        <thead>
          <tr>
            <th className={th} scope="col">Scenario</th>
            <th className={th} scope="col">Study</th>
            <th className={th} scope="col">Status</th>
            <th className={th} scope="col">
              <span hidden>Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ study, scenario }) => {
            const look = statusLook(scenario.status);
            return (
              <tr key={scenario.id}>
                <td className={td}>{scenario.name}</td>
                <td className={td}>{study.name}</td>
                <td className={td}>
                  <Badge tone={look.tone}>{look.label}</Badge>
                </td>
                <td className={td}>
                  <ButtonLink size="sm" href={scenarioHref(projectId, study.id, scenario.id)} aria-label={`Open ${scenario.name} in the viewer`}>
                    Open
                  </ButtonLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
