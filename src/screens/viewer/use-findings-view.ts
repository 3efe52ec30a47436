/**
 * The viewer's validation findings as view state: whether their faces are highlighted, which one
 * the user picked, the highlights for the canvases, and the fly-to of 'Show' (which waits for the
 * finding's file when it is still being read, then frames its faces, or its location).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { FindingHighlight } from '../../viewer/contracts.ts';
import type { FindingsPanelProps } from './findings-panel.tsx';
import { useValidationFindings } from './use-validation-findings.ts';
import { findingBounds, highlightsOf, type Bounds } from './validation-findings.ts';

const NONE: readonly FindingHighlight[] = [];

export function useFindingsView(
  projectId: number,
  configurationId: number,
  flyTo: (bounds: Bounds) => void,
): { highlights: readonly FindingHighlight[]; panel: FindingsPanelProps } {
  const [highlight, setHighlight] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const findings = useValidationFindings(projectId, configurationId, highlight);
  const { record, soups, files } = findings;

  const highlights = useMemo(() => (highlight && record ? highlightsOf(record, soups, selectedId) : NONE), [highlight, record, soups, selectedId]);

  // 'Show' flies once the finding's faces can be drawn (or its file turned out unreadable).
  useEffect(() => {
    if (!pending || !record) return;
    const finding = record.findings.find((f) => f.id === pending);
    const file = finding?.upload_id != null ? files[finding.upload_id] : undefined;
    const needsFile = !!finding && finding.upload_id !== null && (finding.triangles.length > 0 || finding.edges.length > 0);
    if (needsFile && (!file || file.status === 'loading')) return;
    setPending(null);
    const bounds = finding ? findingBounds(highlights, finding) : null;
    if (bounds) flyTo(bounds);
  }, [pending, record, files, highlights, flyTo]);

  const onShow = useCallback((finding: GeometryFinding) => {
    setHighlight(true);
    setSelectedId(finding.id);
    setPending(finding.id);
  }, []);

  return { highlights, panel: { findings, highlight, selectedId, onHighlight: setHighlight, onShow } };
}
