/** Shapes the viewer screen's UI machine keeps: panes, tools, colour settings, probed points. */

/**
 * The viewer theme names (SPEC §3), as in src/viewer/contracts.ts's ThemeName: machines may not
 * import from src, so the union is repeated here and src/screens/viewer/contract-checks.ts fails
 * the typecheck if the two ever differ.
 */
export type ThemeName = 'default' | 'light' | 'translucent' | 'geometry' | 'dark' | 'tron';

export type PaneIndex = 0 | 1;

export type ViewerPanel = 'layers' | 'colour' | 'wind' | 'data' | 'graph' | 'points' | 'cameras' | 'comfort' | 'story' | 'difference' | 'zones';
export const VIEWER_PANELS: readonly ViewerPanel[] = [
  'layers',
  'colour',
  'wind',
  'data',
  'graph',
  'points',
  'cameras',
  'comfort',
  'story',
  'difference',
  'zones',
];

/** Palettes the colour-scale panel offers: the legend's own colours or a colour-blind-safe default. */
export type PaletteChoice = 'legend' | 'viridis' | 'cividis';

/** A pane's edits to its colour scale; null min/max keep the legend's (or the data's) range. */
export interface ColourSettings {
  min: number | null;
  max: number | null;
  palette: PaletteChoice;
}

/** A point the four-point plot compares, where the user clicked on a data layer. */
export interface ProbePoint {
  label: string;
  point: [number, number, number];
}

/** The dimension the four-point plot compares the points across. */
export type CompareBy = 'wind_direction' | 'season_filter';

export const MAX_POINTS = 4;

/** The themes every user sees; 'tron' joins them once unlocked. */
export const PUBLIC_THEMES: readonly ThemeName[] = ['default', 'light', 'translucent', 'geometry', 'dark'];

/**
 * The viewer's post-processing effects, each a switch in the viewer's settings:
 * screen-space ambient occlusion (dense districts read as volumes), an outline round the hovered
 * layer and the validation findings shown, and antialiasing (FXAA). Repeated from
 * src/viewer/contracts.ts's ViewerEffects, checked equal by src/screens/viewer/contract-checks.ts.
 */
export interface ViewerEffects {
  ambientOcclusion: boolean;
  outline: boolean;
  antialias: boolean;
}
export type ViewerEffect = keyof ViewerEffects;
export const VIEWER_EFFECTS: readonly ViewerEffect[] = ['ambientOcclusion', 'outline', 'antialias'];
