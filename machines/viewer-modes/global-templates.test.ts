import { describe, expect, it } from 'vitest';
import { GLOBAL_TEMPLATES } from '@canopy/contract/global-templates.ts';
import { fillPlaceholders, templateOfKind, templateText } from './global-templates.ts';

// The server's own default insight template (GET /api/global-template answers it).
const insight = templateOfKind(GLOBAL_TEMPLATES, 'insight')!;

describe('global templates', () => {
  it("fills a new insight's text from the template with the analysis shown", () => {
    expect(templateText(insight, { analysis: 'wind comfort' })).toBe(
      'Observation\nWhat the wind comfort results show at this location.\n\nRecommendation\nSuggested design change or mitigation, if any.',
    );
  });

  it('drops a placeholder that has no value instead of leaving braces', () => {
    expect(fillPlaceholders('What the {analysis} results show.', {})).toBe('What the results show.');
    expect(fillPlaceholders('Weather data ({weather_source}), analyses', { weather_source: 'CWEC Toronto' })).toBe('Weather data (CWEC Toronto), analyses');
    expect(templateText(null, { analysis: 'x' })).toBe('');
  });

  it('picks the template of a kind', () => {
    expect(templateOfKind([insight], 'insight')).toBe(insight);
    expect(templateOfKind([insight], 'report')).toBeNull();
  });
});
