/**
 * The presentation-plane slot without an upload: a pedestrian plane Canopy generates over the site
 * (height above the ground, point spacing, how far beyond the study), ticked by default; uploading a
 * plane replaces it.
 */
import { useSelector } from '@xstate/react';
import { selectPedestrianPlane } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { PedestrianPlaneValues } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useWizard } from './wizard-context.ts';
import { grid } from './scenario-wizard.css.ts';

export function PedestrianPlaneSlot() {
  const wizard = useWizard();
  const plane = useSelector(wizard, selectPedestrianPlane);
  const change = (patch: Partial<PedestrianPlaneValues>) => wizard.send({ type: 'values.change', patch: { pedestrianPlane: { ...plane, ...patch } } });
  return (
    <div>
      <CheckboxField
        id="scenario-generate-plane"
        label="Generate a pedestrian plane"
        hint="Points over the site at pedestrian height, clipped around the buildings. Uploading a presentation plane below replaces it."
        checked={plane.generate}
        onCheckedChange={(generate) => change({ generate })}
      />
      {plane.generate ? (
        <div className={grid}>
          <TextField
            id="scenario-plane-height"
            label="Height above ground (m)"
            inputMode="decimal"
            value={plane.heightM}
            onValueChange={(heightM) => change({ heightM })}
          />
          <TextField
            id="scenario-plane-spacing"
            label="Point spacing (m)"
            inputMode="decimal"
            value={plane.spacingM}
            onValueChange={(spacingM) => change({ spacingM })}
          />
          <TextField
            id="scenario-plane-margin"
            label="Reach beyond the study (m)"
            inputMode="decimal"
            value={plane.marginM}
            onValueChange={(marginM) => change({ marginM })}
          />
        </div>
      ) : null}
    </div>
  );
}
