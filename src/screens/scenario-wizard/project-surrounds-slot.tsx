/**
 * The surrounds slot without an upload: the project's surroundings from Resources (OpenStreetMap
 * buildings), ticked by default; uploading a surrounds file replaces them. Without surroundings the
 * slot says where to make them.
 */
import { useSelector } from '@xstate/react';
import { selectProjectSurrounds, selectUseProjectSurrounds } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { useWizard } from './wizard-context.ts';
import { liveNote } from './scenario-wizard.css.ts';

export function ProjectSurroundsSlot() {
  const wizard = useWizard();
  const surrounds = useSelector(wizard, selectProjectSurrounds);
  const use = useSelector(wizard, selectUseProjectSurrounds);
  if (!surrounds) {
    return <p className={liveNote}>This project has no surroundings yet: generate them from OpenStreetMap in Resources, or upload an STL here.</p>;
  }
  return (
    <CheckboxField
      id="scenario-project-surrounds"
      label={`Use the project's surroundings (${surrounds.buildingCount} building${surrounds.buildingCount === 1 ? '' : 's'} from OpenStreetMap)`}
      hint="Mapped buildings where the study stands are left out. Uploading a surrounds file below replaces them."
      checked={use}
      onCheckedChange={(projectSurrounds) => wizard.send({ type: 'values.change', patch: { projectSurrounds } })}
    />
  );
}
