/**
 * The viewer's effects switches: ambient occlusion, outlines, antialiasing, as
 * labelled native checkboxes (Tab to reach, Space to switch). The viewer UI machine keeps them
 * (`effects.toggle`) and decides what each pane draws; this only shows the switches and says
 * which of them a split view leaves out.
 */
import { SPLIT_VIEW_OFF } from '@machines/viewer/viewer-ui.machine.ts';
import { VIEWER_EFFECTS, type ViewerEffect, type ViewerEffects } from '@machines/viewer/viewer-ui.types.ts';
import * as css from './viewer.css.ts';

const EFFECT_LABELS: Record<ViewerEffect, string> = {
  ambientOcclusion: 'Ambient occlusion',
  outline: 'Outlines',
  antialias: 'Antialiasing',
};

export function EffectsSettings({ effects, split, onToggle }: { effects: ViewerEffects; split: boolean; onToggle(effect: ViewerEffect): void }) {
  const leftOut = split ? VIEWER_EFFECTS.filter((e) => effects[e] && SPLIT_VIEW_OFF.includes(e)) : [];
  return (
    <fieldset className={css.dimension} aria-describedby={leftOut.length ? 'viewer-effects-split' : undefined}>
      <legend className={css.legendTitle}>Effects</legend>
      <div className={css.options}>
        {VIEWER_EFFECTS.map((effect) => (
          <label key={effect} className={css.layerRow} htmlFor={`viewer-effect-${effect}`}>
            <input id={`viewer-effect-${effect}`} type="checkbox" checked={effects[effect]} onChange={() => onToggle(effect)} />
            {EFFECT_LABELS[effect]}
          </label>
        ))}
      </div>
      {leftOut.length ? (
        <span id="viewer-effects-split" className={css.muted}>
          {leftOut.map((e) => EFFECT_LABELS[e]).join(', ')} off in split view
        </span>
      ) : null}
    </fieldset>
  );
}
