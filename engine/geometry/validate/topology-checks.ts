/**
 * Findings about one asset's surface: open edges and holes, non-manifold edges, winding, and
 * degenerate triangles — with severities from the role's policy.
 */
import type { MeshAnalysis } from '../mesh/analyze.ts';
import { DEGENERATE_SLIVER, DEGENERATE_ZERO_AREA, findDegenerateTriangles } from '../mesh/degenerate.ts';
import { trianglesOnEdges } from '../mesh/edges.ts';
import { formatCount, formatMetres, type AssetRef, type FindingCollector } from './collector.ts';
import { MAX_LISTED_ITEMS } from './finding.ts';
import type { ValidationOptions } from './options.ts';
import type { RolePolicy } from './policy.ts';

/** The soup vertex pair (3t + k, 3t + k′) of the first triangle side on edge e. */
function soupEdge(analysis: MeshAnalysis, e: number): [number, number] {
  const h = analysis.edges.firstHalf[e];
  return [h, h % 3 === 2 ? h - 2 : h + 1];
}

function triangleOfEdge(analysis: MeshAnalysis, e: number): number {
  return (analysis.edges.firstHalf[e] / 3) | 0;
}

function loopEdges(analysis: MeshAnalysis, loop: number): number[] {
  const { loopStart, loopEdges: edges } = analysis.boundary;
  return Array.from(edges.subarray(loopStart[loop], loopStart[loop + 1]));
}

function loopLocation(analysis: MeshAnalysis, loop: number): [number, number, number] {
  const c = analysis.boundary.centroid;
  return [c[loop * 3], c[loop * 3 + 1], c[loop * 3 + 2]];
}

function vertexLocation(analysis: MeshAnalysis, triangle: number): [number, number, number] {
  const v = analysis.welded.indices[triangle * 3] * 3;
  const p = analysis.welded.vertices;
  return [p[v], p[v + 1], p[v + 2]];
}

/** The loops that are expected rims: per ground component, its longest loop (the outer border). */
function outerRims(analysis: MeshAnalysis): Uint8Array {
  const { boundary, components } = analysis;
  const longest = new Int32Array(components.count).fill(-1);
  for (let loop = 0; loop < boundary.count; loop++) {
    const component = components.ofTriangle[triangleOfEdge(analysis, boundary.loopEdges[boundary.loopStart[loop]])];
    const best = longest[component];
    if (best < 0 || boundary.perimeterM[loop] > boundary.perimeterM[best]) longest[component] = loop;
  }
  const rim = new Uint8Array(boundary.count);
  for (const loop of longest) if (loop >= 0) rim[loop] = 1;
  return rim;
}

export function checkTopology(
  analysis: MeshAnalysis,
  positions: Float32Array,
  asset: AssetRef,
  policy: RolePolicy,
  options: ValidationOptions,
  collector: FindingCollector,
): void {
  checkHoles(analysis, asset, policy, options, collector);
  checkNonManifold(analysis, asset, policy, collector);
  checkWinding(analysis, asset, policy, collector);
  checkDegenerate(analysis, positions, asset, options, collector);
}

function checkHoles(analysis: MeshAnalysis, asset: AssetRef, policy: RolePolicy, options: ValidationOptions, collector: FindingCollector): void {
  const { boundary } = analysis;
  if (boundary.count === 0) return;
  const severity = policy.closed ?? (policy.innerHoles ? 'warning' : undefined);
  if (!severity) return;
  // Ground: its outer rim is expected; only inner holes are reported.
  const skip = policy.closed ? new Uint8Array(boundary.count) : outerRims(analysis);

  const wide: number[] = [];
  const small: number[] = [];
  let widest = 0;
  for (let loop = 0; loop < boundary.count; loop++) {
    if (skip[loop]) continue;
    const span = boundary.spanM[loop];
    widest = Math.max(widest, span);
    (span > options.maxGapM ? wide : small).push(loop);
  }
  if (wide.length + small.length === 0) return;
  wide.sort((a, b) => boundary.spanM[b] - boundary.spanM[a]);

  if (policy.closed) {
    const wanted = new Uint8Array(analysis.edges.edgeCount);
    const listedEdges: [number, number][] = [];
    let openEdgeCount = 0;
    for (const loop of [...wide, ...small]) {
      for (let j = boundary.loopStart[loop]; j < boundary.loopStart[loop + 1]; j++) {
        const e = boundary.loopEdges[j];
        wanted[e] = 1;
        openEdgeCount++;
        if (listedEdges.length < MAX_LISTED_ITEMS) listedEdges.push(soupEdge(analysis, e));
      }
    }
    collector.add(asset, {
      severity: policy.closed,
      code: 'open-edges',
      message:
        `${formatCount(openEdgeCount)} open edges (used by one triangle only) form ${formatCount(wide.length + small.length)} holes; ` +
        `the widest spans ${formatMetres(widest)}. ${asset.role === 'study' || asset.role === 'surrounds' ? 'Buildings' : 'Objects'} must be closed solids.`,
      suggestedFix:
        wide.length > 0
          ? `Close the holes in the modelling tool (cap the openings, join the faces); holes up to 1 m can also be closed by the automatic repair.`
          : 'Run the automatic repair (it closes holes up to 1 m), or cap the openings in the modelling tool.',
      triangles: trianglesOnEdges(analysis.edges, wanted),
      edges: listedEdges,
      count: openEdgeCount,
      location: loopLocation(analysis, wide[0] ?? small[0]),
      details: { openEdges: openEdgeCount, holes: wide.length + small.length, widestSpanM: widest },
    });
  }

  const holeSeverity = policy.closed ?? 'warning';
  const listed = wide.slice(0, options.maxFindingsPerCode);
  for (const loop of listed) {
    const edges = loopEdges(analysis, loop);
    const triangles = edges.map((e) => triangleOfEdge(analysis, e));
    const span = boundary.spanM[loop];
    collector.add(asset, {
      severity: holeSeverity,
      code: 'hole-too-wide',
      message: `A ${boundary.closed[loop] ? 'hole' : 'gap'} ${formatMetres(span)} across (${edges.length} edges) is wider than the ${formatMetres(options.maxGapM)} allowed; wind would pass through it.`,
      suggestedFix: 'Close the opening in the modelling tool (add the missing faces), then re-export.',
      triangles: [...new Set(triangles)],
      edges: edges.map((e) => soupEdge(analysis, e)),
      location: loopLocation(analysis, loop),
      details: { spanM: span, perimeterM: boundary.perimeterM[loop], edges: edges.length },
    });
  }
  if (wide.length > listed.length) {
    collector.add(asset, {
      severity: holeSeverity,
      code: 'hole-too-wide',
      message: `${formatCount(wide.length - listed.length)} more holes are wider than ${formatMetres(options.maxGapM)} (the ${listed.length} widest are listed).`,
      suggestedFix: 'Close the openings in the modelling tool, then re-export.',
      triangles: wide.slice(listed.length).map((loop) => triangleOfEdge(analysis, boundary.loopEdges[boundary.loopStart[loop]])),
      details: { holes: wide.length - listed.length },
    });
  }
  if (small.length > 0) {
    const triangles = small.map((loop) => triangleOfEdge(analysis, boundary.loopEdges[boundary.loopStart[loop]]));
    collector.add(asset, {
      severity: 'warning',
      code: 'small-gaps',
      message: `${formatCount(small.length)} gaps up to ${formatMetres(options.maxGapM)} across${asset.role === 'ground' ? ' inside the ground' : ''}.`,
      suggestedFix: 'Run the automatic repair (it closes holes up to 1 m), or join the faces in the modelling tool.',
      triangles,
      location: loopLocation(analysis, small[0]),
      details: { gaps: small.length },
    });
  }
}

function checkNonManifold(analysis: MeshAnalysis, asset: AssetRef, policy: RolePolicy, collector: FindingCollector): void {
  const { edges } = analysis;
  if (edges.nonManifoldEdgeCount === 0) return;
  const wanted = new Uint8Array(edges.edgeCount);
  const listed: [number, number][] = [];
  for (let e = 0; e < edges.edgeCount; e++) {
    if (edges.faceCount[e] > 2) {
      wanted[e] = 1;
      if (listed.length < MAX_LISTED_ITEMS) listed.push(soupEdge(analysis, e));
    }
  }
  const triangles = trianglesOnEdges(edges, wanted);
  collector.add(asset, {
    severity: policy.nonManifold,
    code: 'non-manifold-edges',
    message: `${formatCount(edges.nonManifoldEdgeCount)} edges are shared by more than two triangles (faces meeting like pages of a book, or duplicated faces).`,
    suggestedFix: 'Separate the touching solids or delete the duplicated faces, so that every edge joins exactly two faces.',
    triangles,
    edges: listed,
    count: edges.nonManifoldEdgeCount,
    location: vertexLocation(analysis, triangles[0]),
  });
}

function checkWinding(analysis: MeshAnalysis, asset: AssetRef, policy: RolePolicy, collector: FindingCollector): void {
  const o = analysis.orientation;
  if (o.wrongCount === 0 && o.conflictEdgeCount === 0) return;
  const mixed: number[] = [];
  const inverted: number[] = [];
  for (let t = 0; t < analysis.triangleCount; t++) {
    if (!o.wrong[t]) continue;
    const patch = o.patchOf[t];
    const insideOut = o.patchClosed[patch] === 1 && o.patchWrong[patch] === o.patchTriangles[patch];
    (insideOut ? inverted : mixed).push(t);
  }
  // Sheets (ground, planes) have no inside; only mixed windings matter there.
  if (mixed.length > 0 || o.conflictEdgeCount > 0) {
    collector.add(asset, {
      severity: 'warning',
      code: 'inconsistent-normals',
      message:
        `${formatCount(mixed.length)} triangles are wound against their neighbours (normals flipped)` +
        (o.conflictEdgeCount > 0 ? `; ${formatCount(o.conflictEdgeCount)} edges admit no consistent winding (a Möbius-like surface)` : '') +
        '.',
      suggestedFix: 'Run the automatic repair (it makes normals consistent and outward), or unify normals in the modelling tool.',
      triangles: mixed,
      location: mixed.length > 0 ? vertexLocation(analysis, mixed[0]) : undefined,
      details: { flippedTriangles: mixed.length, conflictEdges: o.conflictEdgeCount },
    });
  }
  if (inverted.length > 0 && policy.closed) {
    collector.add(asset, {
      severity: 'warning',
      code: 'inverted-normals',
      message: `${formatCount(inverted.length)} triangles belong to closed solids that are inside out (all normals point inwards).`,
      suggestedFix: 'Run the automatic repair, or flip the normals of those solids in the modelling tool.',
      triangles: inverted,
      location: vertexLocation(analysis, inverted[0]),
    });
  }
}

function checkDegenerate(analysis: MeshAnalysis, positions: Float32Array, asset: AssetRef, options: ValidationOptions, collector: FindingCollector): void {
  const found = findDegenerateTriangles(positions, { minAreaM2: options.minTriangleAreaM2, maxAspectRatio: options.maxAspectRatio });
  const collapsed = analysis.edges.collapsed;
  const triangles: number[] = [];
  let zeroArea = 0;
  let slivers = 0;
  for (let t = 0; t < analysis.triangleCount; t++) {
    const kind = collapsed[t] ? DEGENERATE_ZERO_AREA : found.kind[t];
    if (kind === 0) continue;
    triangles.push(t);
    if (kind === DEGENERATE_SLIVER) slivers++;
    else zeroArea++;
  }
  if (triangles.length === 0) return;
  collector.add(asset, {
    severity: 'warning',
    code: 'degenerate-triangles',
    message: `${formatCount(triangles.length)} degenerate triangles: ${formatCount(zeroArea)} with (almost) no area, ${formatCount(slivers)} slivers longer than ${formatCount(options.maxAspectRatio)} × their height.`,
    suggestedFix:
      'Run the automatic repair (it removes collapsed triangles), or clean up the mesh (merge by distance, dissolve degenerate) in the modelling tool.',
    triangles,
    location: vertexLocation(analysis, triangles[0]),
    details: { zeroArea, slivers },
  });
}
