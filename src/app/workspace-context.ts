/**
 * Where tests hand the workspace screens their machines (bound to fake services). Empty in the app:
 * the screens then bind the live API (src/services/workspace-services.ts). Kept apart from the logic so the
 * main bundle carries only this context, not the workspace machines.
 */
import { createContext } from 'react';
import type { WorkspaceLogic } from '../services/workspace-services.ts';

export const WorkspaceLogicContext = createContext<WorkspaceLogic | null>(null);
