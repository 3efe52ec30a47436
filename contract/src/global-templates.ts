/**
 * Default insight and report templates (GET /api/global-template): constants, not rows, because
 * they ship with the app and every installation starts from the same ones. A template lists the
 * sections a new insight or report opens with; `{analysis}` etc. are filled from the layer shown.
 */
import type { GlobalTemplate } from './viewer.ts';

export type { GlobalTemplate };

export const GLOBAL_TEMPLATES: readonly GlobalTemplate[] = [
  {
    id: 'insight-default',
    kind: 'insight',
    name: 'Insight',
    sections: [
      { title: 'Observation', body: 'What the {analysis} results show at this location.' },
      { title: 'Recommendation', body: 'Suggested design change or mitigation, if any.' },
    ],
  },
  {
    id: 'report-default',
    kind: 'report',
    name: 'Microclimate study report',
    sections: [
      { title: 'Introduction', body: 'The site, the proposed development and the scope of the study.' },
      { title: 'Method', body: 'Weather data ({weather_source}), analyses, criteria and assumptions.' },
      { title: 'Results', body: 'One view per analysis and season, with its legend.' },
      { title: 'Conclusions', body: 'Summary of conditions and recommended mitigations.' },
    ],
  },
];
