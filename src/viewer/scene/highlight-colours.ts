/** The colour of each kind of validation finding, in the 3D view and in lists beside it (no three.js here). */
import type { FindingHighlight } from '../contracts.ts';

export const HIGHLIGHT_COLOURS: Record<FindingHighlight['tone'], string> = {
  error: '#e5484d',
  warning: '#f5a524',
  info: '#3e8ed0',
  related: '#b45fd6',
};
