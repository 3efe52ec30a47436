/**
 * The viewer's keyboard map (every tool reachable by keyboard, Escape cancels, `?` opens
 * the shortcut overlay) and the hidden theme's unlock sequence. Pure, so the overlay, the screen's
 * key handler and the tests read one table.
 */

/** ↑ ↑ ↓ ↓ ← → ← → B A: the classic cheat sequence unlocks the hidden 'tron' theme. */
export const UNLOCK_SEQUENCE: readonly string[] = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
];

/**
 * How far into UNLOCK_SEQUENCE the keys pressed so far reach, after `key`. A wrong key restarts,
 * but counts as a first step when it is the sequence's first key; ↑↑↑ keeps two ↑ matched (the
 * sequence's only self-overlap), so an extra ↑ at the start does not throw the user out.
 */
export function advanceSequence(progress: number, key: string): number {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (UNLOCK_SEQUENCE[progress] === k) return progress + 1;
  if (progress === 2 && k === 'ArrowUp') return 2;
  return UNLOCK_SEQUENCE[0] === k ? 1 : 0;
}

export interface Shortcut {
  /** KeyboardEvent.key values that trigger it (letters lower case). */
  keys: string[];
  /** What the overlay shows. */
  label: string;
  command: ViewerCommand;
}

export type ViewerCommand =
  | 'overlay'
  | 'cancel'
  | 'fit'
  | 'screenshot'
  | 'split'
  | 'link'
  | 'probe'
  | 'points'
  | 'panel.layers'
  | 'panel.colour'
  | 'panel.wind'
  | 'panel.data'
  | 'panel.graph'
  | 'panel.points'
  | 'panel.cameras'
  | 'panel.comfort'
  | 'theme.next'
  | 'pane.other'
  | 'camera.save'
  | 'legend';

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['?'], label: 'Show keyboard shortcuts', command: 'overlay' },
  { keys: ['Escape'], label: 'Cancel the current tool', command: 'cancel' },
  { keys: ['f'], label: 'Fit the model to the view', command: 'fit' },
  { keys: ['p'], label: 'Probe: read values under the pointer', command: 'probe' },
  { keys: ['k'], label: 'Pick points for the four-point plot', command: 'points' },
  { keys: ['s'], label: 'Download a screenshot (PNG)', command: 'screenshot' },
  { keys: ['v'], label: 'Split view on or off', command: 'split' },
  { keys: ['c'], label: 'Link the two cameras on or off', command: 'link' },
  { keys: ['w'], label: 'Switch between the two viewers (split view)', command: 'pane.other' },
  { keys: ['t'], label: 'Next theme', command: 'theme.next' },
  { keys: ['m'], label: 'Save the camera position', command: 'camera.save' },
  { keys: ['l'], label: 'Colour legend on or off', command: 'legend' },
  { keys: ['1'], label: 'Layers panel', command: 'panel.layers' },
  { keys: ['2'], label: 'Colour scale panel', command: 'panel.colour' },
  { keys: ['3'], label: 'Wind rose panel', command: 'panel.wind' },
  { keys: ['4'], label: 'Data panel', command: 'panel.data' },
  { keys: ['5'], label: 'Graph panel', command: 'panel.graph' },
  { keys: ['6'], label: 'Four-point plot', command: 'panel.points' },
  { keys: ['7'], label: 'Camera positions', command: 'panel.cameras' },
  { keys: ['8'], label: 'Comfort re-classification', command: 'panel.comfort' },
];

/** The command for a key press, or null (typing in a field never reaches here: the screen checks). */
export function commandFor(key: string): ViewerCommand | null {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return SHORTCUTS.find((s) => s.keys.includes(k) || s.keys.includes(key))?.command ?? null;
}

/** The overlay's line for the hidden theme, shown only once it is unlocked. */
export const UNLOCK_SHORTCUT_LABEL = 'Hidden theme (unlocked): ↑ ↑ ↓ ↓ ← → ← → B A';
