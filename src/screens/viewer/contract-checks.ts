/** Type-level checks that the machines' copies of contract types match src/viewer/contracts.ts (no runtime code). */
import type { ThemeName } from '../../viewer/contracts.ts';
import type { ThemeName as MachineThemeName } from '@machines/viewer/viewer-ui.types.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const themeNamesMatch: Same<ThemeName, MachineThemeName> = true;
