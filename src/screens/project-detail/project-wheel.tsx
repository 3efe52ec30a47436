/**
 * The wheel (SPEC §2 project detail navigator): a circular overview of the project's studies
 * (inner ring) and their scenarios (outer ring) coloured by their live status (the one every view
 * shows: machines/live-status shownStatus). A scenario segment is a link
 * that opens that scenario in the viewer; a study segment selects the study. Both are reachable
 * with Tab and work with Enter.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { shownStatus } from '@machines/live-status/live-status.selectors.ts';
import { useLiveStatus } from '../scenario-wizard/live-status-provider.tsx';
import type { StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { VIEWER_DEFAULT_TAB } from '../../app/route-table.ts';
import { layoutWheel, sectorPath } from './wheel-geometry.ts';
import { statusLook } from './scenario-status.ts';
import { segment, studySegment, wheelSvg } from './project-detail.css.ts';

const SIZE = 320;
const C = SIZE / 2;
const STUDY_RING = { inner: 66, outer: 96 };
const SCENARIO_RING = { inner: 102, outer: 150 };
/**
 * The study ring in slate, a colour no status uses: in the green of 'Completed' a study with no
 * scenario read as a finished one.
 */
export const STUDY_SELECTED = '#3d5566';
const STUDY_OTHER = '#b4c0c9';

export function scenarioHref(projectId: number, studyId: number, scenarioId: number): string {
  return `/projects/${projectId}/viewer/${studyId}/configuration/${scenarioId}/${VIEWER_DEFAULT_TAB}`;
}

export interface ProjectWheelProps {
  projectId: number;
  projectName: string;
  studies: StudyWithScenarios[];
  selectedStudyId: number | null;
  onSelectStudy(studyId: number): void;
}

export function ProjectWheel({ projectId, projectName, studies, selectedStudyId, onSelectStudy }: ProjectWheelProps) {
  const [, navigate] = useLocation();
  const arcs = layoutWheel(studies);
  const scenarioCount = arcs.reduce((n, a) => n + a.scenarios.length, 0);
  const live = useLiveStatus();
  const ids = arcs.flatMap((a) => a.scenarios.map(({ scenario }) => scenario.id));
  const liveStatuses = useSelector(live, (s) => ids.map((id) => (s.context.scenarios[id] ? shownStatus(s.context.scenarios[id], '') : '')).join('|')).split(
    '|',
  );
  const statusOf = (id: number, listed: string) => liveStatuses[ids.indexOf(id)] || listed;

  const follow = (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  const press = (studyId: number) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectStudy(studyId);
    }
  };

  return (
    <svg
      className={wheelSvg}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="group"
      aria-label={`Wheel of ${projectName}: ${studies.length} ${studies.length === 1 ? 'study' : 'studies'}, ${scenarioCount} ${scenarioCount === 1 ? 'scenario' : 'scenarios'}`}
    >
      {arcs.length === 0 ? <path d={sectorPath(C, C, STUDY_RING, 0, 360)} fill="#e7ecea" /> : null}
      {arcs.map((arc) => {
        const selected = arc.study.id === selectedStudyId;
        return (
          <g key={arc.study.id}>
            <g
              className={studySegment}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`Study ${arc.study.name}`}
              onClick={() => onSelectStudy(arc.study.id)}
              onKeyDown={press(arc.study.id)}
            >
              <title>{arc.study.name}</title>
              <path d={sectorPath(C, C, STUDY_RING, arc.start, arc.end)} fill={selected ? STUDY_SELECTED : STUDY_OTHER} stroke="#fff" strokeWidth={1} />
            </g>
            {arc.scenarios.length === 0 ? (
              <path d={sectorPath(C, C, SCENARIO_RING, arc.start, arc.end)} fill="none" stroke="#c3ccc8" strokeDasharray="4 4" strokeWidth={1.5} aria-hidden />
            ) : (
              arc.scenarios.map(({ scenario, start, end }) => {
                const look = statusLook(statusOf(scenario.id, scenario.status));
                const href = scenarioHref(projectId, arc.study.id, scenario.id);
                return (
                  <a
                    key={scenario.id}
                    href={href}
                    className={segment}
                    onClick={follow(href)}
                    aria-label={`Open scenario ${scenario.name} (${arc.study.name}), ${look.label}`}
                  >
                    <title>{`${scenario.name} — ${look.label}`}</title>
                    <path
                      d={sectorPath(C, C, SCENARIO_RING, start, end)}
                      fill={look.fill}
                      stroke="#fff"
                      strokeWidth={1}
                      opacity={selected || selectedStudyId === null ? 1 : 0.45}
                    />
                  </a>
                );
              })
            )}
          </g>
        );
      })}
      <text x={C} y={C - 6} textAnchor="middle" fontSize="28" fontWeight="600" fill="currentColor">
        {scenarioCount}
      </text>
      <text x={C} y={C + 16} textAnchor="middle" fontSize="11" fill="#5a6762">
        {scenarioCount === 1 ? 'scenario' : 'scenarios'}
      </text>
    </svg>
  );
}
