/**
 * The default templates (GET /api/global-template) turned into what a new insight or report starts
 * with. Placeholders such as `{analysis}` are filled from the view being annotated; one with no
 * value is dropped with its leading space ("What the results show…"), never left as braces.
 */
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';

export type { GlobalTemplate };

export function fillPlaceholders(text: string, values: Record<string, string | null | undefined>): string {
  return text.replace(/ ?\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value ? `${whole.startsWith(' ') ? ' ' : ''}${value}` : '';
  });
}

/** The body of a new insight: each section's title on its own line, then its prompt. */
export function templateText(template: GlobalTemplate | null | undefined, values: Record<string, string | null | undefined>): string {
  if (!template) return '';
  return template.sections.map((s) => `${s.title}\n${fillPlaceholders(s.body, values)}`).join('\n\n');
}

export function templateOfKind(templates: readonly GlobalTemplate[], kind: GlobalTemplate['kind']): GlobalTemplate | null {
  return templates.find((t) => t.kind === kind) ?? null;
}
