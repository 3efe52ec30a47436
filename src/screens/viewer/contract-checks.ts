/** Type-level checks that the machines' copies of contract types match src/viewer/contracts.ts (no runtime code). */
import type { ThemeName, ViewerEffects } from '../../viewer/contracts.ts';
import type { ThemeName as MachineThemeName, ViewerEffects as MachineViewerEffects } from '@machines/viewer/viewer-ui.types.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const themeNamesMatch: Same<ThemeName, MachineThemeName> = true;
export const viewerEffectsMatch: Same<ViewerEffects, MachineViewerEffects> = true;
import type { LayerSet } from '@canopy/contract/viewer.ts';
import type { LayerSetRef } from '@machines/viewer-workspace/layer-sets.ts';
export const layerSetsMatch: Same<LayerSet, LayerSetRef> = true;
