/**
 * Live status vocabulary (SPEC §8 'Failed websocket token'). The socket
 * carries the server's ScenarioEvent messages; polling reads get-latest-status/ per simulation.
 */
import type { LatestStatus, ScenarioEvent, ScenarioStatus, SimulationProgress, StalledDirection } from '@canopy/contract/scenarios.ts';

export type { LatestStatus, ScenarioEvent, ScenarioStatus, SimulationProgress, StalledDirection };

/** What GET /socket/negotiate answers. */
export interface SocketGrant {
  url: string;
  accessToken: string;
}

/** A scenario whose status is followed: polling needs its simulations (get-latest-status/ is per simulation). */
export interface Watched {
  projectId: number;
  configurationId: number;
  simulationIds: number[];
}

export interface SimulationStatus {
  id: number;
  status: ScenarioStatus;
  status_text: string;
  /** How far a running simulation is (percentage; for Canopy's CFD also direction, phase and time left). */
  progress?: SimulationProgress | null;
}

export interface ScenarioLive {
  configurationId: number;
  status: ScenarioStatus;
  simulations: SimulationStatus[];
  /** Where the last word came from: the socket, or a poll while it was down. */
  source: 'socket' | 'poll';
}

/** Events the socket actor reports. */
export type SocketEvent = { type: 'socket.open' } | { type: 'socket.message'; message: ScenarioEvent } | { type: 'socket.closed'; code: number };
