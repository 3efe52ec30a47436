/**
 * The site's reference origin point: a flat ring with a short vertical post, sized to the scene.
 * Depth-tested like the model: buildings and planes in front of it hide it (an origin inside a
 * building is not painted over the building in views, captures and report figures).
 */
import { DoubleSide } from 'three';

export function OriginMarker({ point, size, colour }: { point: [number, number, number]; size: number; colour: string }) {
  return (
    <group name="origin-marker" position={point} scale={size} raycast={() => null}>
      <mesh raycast={() => null}>
        <ringGeometry args={[0.6, 1, 32]} />
        <meshBasicMaterial color={colour} side={DoubleSide} transparent opacity={0.9} />
      </mesh>
      <mesh position={[0, 0, 1]} rotation={[Math.PI / 2, 0, 0]} raycast={() => null}>
        <cylinderGeometry args={[0.08, 0.08, 2, 8]} />
        <meshBasicMaterial color={colour} transparent opacity={0.9} />
      </mesh>
    </group>
  );
}
