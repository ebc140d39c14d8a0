import type { MapLayout } from '@pathwise/contract/plan-map-layout';

/** A map's arrows, from each prerequisite to the topics that need it, drawn under the topics' boxes. */
export function MapEdges({ layout }: { layout: MapLayout }) {
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 text-slate-400"
      width={layout.width}
      height={layout.height}
    >
      <defs>
        <marker
          id="map-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
        </marker>
      </defs>
      {layout.edges.map((edge) => (
        <polyline
          key={`${edge.from}-${edge.to}`}
          points={edge.points.map((point) => `${point.x},${point.y}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          markerEnd="url(#map-arrow)"
        />
      ))}
    </svg>
  );
}
