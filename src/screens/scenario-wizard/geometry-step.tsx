/**
 * Step 3: geometry files per role (SPEC §3: ground, study, surrounds, presentation planes,
 * landscaping, mitigations). Two slots offer what Canopy makes when nothing is uploaded:
 * the project's surroundings from Resources, and a generated pedestrian plane. The preview below
 * draws the files as they are added, so the user sees them before validation.
 */
import { useSelector } from '@xstate/react';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { GEOMETRY_ROLES, type GeometryRole } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { formatBytes } from '@machines/upload/file-rules.ts';
import { Button } from '../../ui/button.tsx';
import { useWizard } from './wizard-context.ts';
import { GeometryRoleUploader } from './geometry-role-uploader.tsx';
import { ProjectSurroundsSlot } from './project-surrounds-slot.tsx';
import { PedestrianPlaneSlot } from './pedestrian-plane-slot.tsx';
import { ScenarioPreview } from './scenario-preview/scenario-preview.tsx';
import { fieldset, fileList, fileRow, legend, stepBody } from './scenario-wizard.css.ts';

function GeneratedSlot({ role }: { role: GeometryRole }) {
  if (role === 'surrounds') return <ProjectSurroundsSlot />;
  if (role === 'presentation_planes') return <PedestrianPlaneSlot />;
  return null;
}

export function GeometryStep({ projectId }: { projectId: number }) {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  return (
    <div className={stepBody}>
      <p style={{ margin: 0 }}>
        STL files are in metres with +Y as north and +Z up. OBJ, glTF, IFC and Rhino 3DM models are converted to that on upload (you say the units where the
        file does not). The study geometry is required.
      </p>
      {GEOMETRY_ROLES.map((role) => (
        <fieldset key={role} className={fieldset} aria-label={`${ROLE_LABELS[role]} geometry`}>
          <legend className={legend}>{ROLE_LABELS[role]}</legend>
          {values.geometry[role].length ? (
            <ul className={fileList} aria-label={`${ROLE_LABELS[role]} files`}>
              {values.geometry[role].map((file) => (
                <li key={file.upload_id} className={fileRow}>
                  <span>
                    {file.filename} · {formatBytes(file.size)}
                  </span>
                  <Button
                    size="sm"
                    tone="ghost"
                    aria-label={`Remove ${file.filename}`}
                    onClick={() => wizard.send({ type: 'geometry.remove', role, uploadId: file.upload_id })}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <GeneratedSlot role={role} />
          )}
          <GeometryRoleUploader projectId={projectId} role={role} />
        </fieldset>
      ))}
      <ScenarioPreview projectId={projectId} />
    </div>
  );
}
