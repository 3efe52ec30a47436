/**
 * The point story panel with its machine: told which scenario the active pane shows (its wind run
 * when the pane shows a thermal or solar map) and the last point picked on the model.
 */
import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { storyTarget } from '@machines/point-story/story-target.ts';
import type { pointStoryMachine } from '@machines/point-story/point-story.machine.ts';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { PointStoryPanel } from './point-story-panel.tsx';

export interface PointStorySectionProps {
  logic: typeof pointStoryMachine;
  simulations: readonly Simulation[];
  shownSimulationId: number | null;
  scope: { projectId: number; studyId: number };
  point: [number, number, number] | null;
  picking: boolean;
  onPick(): void;
}

export function PointStorySection({ logic, simulations, shownSimulationId, scope, point, picking, onPick }: PointStorySectionProps) {
  const actor = useActorRef(logic);
  const { projectId, studyId } = scope;
  const target = useMemo(() => storyTarget(simulations, shownSimulationId, { projectId, studyId }), [simulations, shownSimulationId, projectId, studyId]);
  useEffect(() => actor.send({ type: 'target.set', target }), [actor, target]);
  useEffect(() => actor.send({ type: 'point.set', point }), [actor, point]);
  return <PointStoryPanel actor={actor} picking={picking} onPick={onPick} />;
}
