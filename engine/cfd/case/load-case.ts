/**
 * From the command line of `cfd:case` to a checked case: which options are missing, which files
 * cannot be read and why, and everything inputs.ts refuses. The files are read through the
 * caller's function (the script passes node:fs; the tests an in-memory map), so the engine stays
 * free of I/O.
 */
import { parseStl } from '../../geometry/stl/reader.ts';
import { StlParseError } from '../../geometry/stl/errors.ts';
import { CfdCaseError, parseFinestCell, parseFlowAngle, parseInflow, parseProbes } from './inputs.ts';
import type { CaseInput } from './plan-case.ts';

export interface CaseArgs {
  stl?: string;
  inflow?: string;
  probes?: string;
  out?: string;
  'flow-angle'?: string;
  'finest-cell'?: string;
}

export const CASE_USAGE = 'npm run cfd:case -- --stl FILE.stl --inflow INFLOW.csv --probes PROBES.csv --out OUT.csv [--flow-angle DEG] [--finest-cell M]';

const WHY: Record<string, string> = { ENOENT: 'no such file', EISDIR: 'it is a directory', EACCES: 'permission denied' };

export function loadCase(args: CaseArgs, readFile: (path: string) => Uint8Array): CaseInput & { out: string } {
  for (const option of ['stl', 'inflow', 'probes', 'out'] as const) if (!args[option]) throw new CfdCaseError(`--${option} is missing (usage: ${CASE_USAGE})`);
  const read = (option: string, path: string): Uint8Array => {
    try {
      return readFile(path);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      throw new CfdCaseError(`cannot read --${option} ${path}: ${WHY[code] ?? (error as Error).message}`);
    }
  };
  const text = (option: string, path: string) => new TextDecoder().decode(read(option, path));
  const stlBytes = read('stl', args.stl!);
  let triangles: Float32Array;
  try {
    triangles = parseStl(stlBytes).positions;
  } catch (error) {
    if (error instanceof StlParseError) throw new CfdCaseError(`--stl ${args.stl} is not a readable STL: ${error.message}`);
    throw error;
  }
  return {
    stlFile: args.stl!,
    triangles,
    inflow: parseInflow(args.inflow!, text('inflow', args.inflow!)),
    probes: parseProbes(args.probes!, text('probes', args.probes!)),
    flowAngleDeg: parseFlowAngle(args['flow-angle']),
    finestCellM: parseFinestCell(args['finest-cell']),
    out: args.out!,
  };
}
