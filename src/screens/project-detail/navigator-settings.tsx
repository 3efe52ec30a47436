/**
 * The navigator's settings (SPEC §9: the default settings tab is 'navigator'): which study the
 * navigator shows, and the way to the project's own settings.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectProject, selectSelectedStudyId, selectStudies } from '@machines/project-detail/project-detail.selectors.ts';
import { PROJECT_SETTINGS_TABS } from '../../app/route-table.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { card, cardBody, muted, stack } from '../../ui/surface.css.ts';
import { SETTINGS_TAB_LABELS } from '../project-settings/settings-tabs.ts';
import { chips, flush, settingsLinks, settingsPane } from './project-detail.css.ts';

export const NAVIGATOR_SETTINGS_DEFAULT_TAB = 'navigator';

export function NavigatorSettings({ detail }: { detail: ActorRefFrom<typeof projectDetailMachine> }) {
  const project = useSelector(detail, selectProject);
  const studies = useSelector(detail, selectStudies);
  const selected = useSelector(detail, selectSelectedStudyId);
  if (!project) return null;
  return (
    <section className={card} aria-label="Navigator settings">
      <div className={cardBody}>
        <Tabs
          label="Settings"
          value={NAVIGATOR_SETTINGS_DEFAULT_TAB}
          onValueChange={() => {}}
          items={[
            {
              value: 'navigator',
              label: 'Navigator',
              content: (
                <div className={`${stack} ${settingsPane}`}>
                  <SelectField
                    id="navigator-study"
                    label="Study shown in the navigator"
                    value={selected === null ? '' : String(selected)}
                    placeholder={studies.length ? undefined : 'No studies'}
                    options={studies.map((s) => ({ value: String(s.id), label: s.name }))}
                    onValueChange={(value) => detail.send({ type: 'study.select', studyId: value ? Number(value) : null })}
                  />
                  <p className={`${muted} ${flush}`}>Opening a project shows its first study. The output cards follow the study chosen here or on the wheel.</p>
                </div>
              ),
            },
          ]}
        />
        <div className={settingsLinks}>
          <p className={muted}>Project settings</p>
          <ul className={chips}>
            {PROJECT_SETTINGS_TABS.map((tab) => (
              <li key={tab}>
                <ButtonLink size="sm" href={`/projects/${project.id}/${tab}`}>
                  {SETTINGS_TAB_LABELS[tab]}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
