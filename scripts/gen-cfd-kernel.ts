/** Writes engine/cfd/kernel/aa-kernel.generated.ts from the lattice tables (see kernel-source.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kernelSource } from '@canopy/engine/cfd/kernel/kernel-source.ts';

const target = fileURLToPath(new URL('../engine/cfd/kernel/aa-kernel.generated.ts', import.meta.url));
writeFileSync(target, kernelSource());
console.log(`wrote ${target}`);
