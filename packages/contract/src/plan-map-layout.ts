/**
 * The plan map's layout, shared by the web app's map and the server's picture of shared progress: one
 * drawing rule. A subpath of its own (`@pathwise/contract/plan-map-layout`) so that only the pages that
 * draw a map download dagre.
 */
import { Graph, layout } from '@dagrejs/dagre';

/** Where the map draws each topic and each prerequisite's arrow (px, from the map's top left corner). */
export type MapLayout = {
  width: number;
  height: number;
  nodes: Map<number, { x: number; y: number }>;
  edges: { from: number; to: number; points: { x: number; y: number }[] }[];
};

export const NODE_WIDTH = 176;
export const NODE_HEIGHT = 64;

/**
 * Lays the topics out top to bottom, each prerequisite above the topics that need it (dagre's layered
 * layout); `x`/`y` are the centres of the nodes.
 */
export function layoutTopics(topics: { id: number; prerequisiteTopicIds: number[] }[]): MapLayout {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 48, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const topic of topics) graph.setNode(String(topic.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  const known = new Set(topics.map((topic) => topic.id));
  for (const topic of topics) {
    for (const prerequisite of topic.prerequisiteTopicIds) {
      if (known.has(prerequisite)) graph.setEdge(String(prerequisite), String(topic.id));
    }
  }
  layout(graph);
  const nodes = new Map(
    topics.map((topic) => {
      const { x, y } = graph.node(String(topic.id));
      return [topic.id, { x, y }];
    }),
  );
  const edges = graph.edges().map((edge) => ({
    from: Number(edge.v),
    to: Number(edge.w),
    points: graph.edge(edge).points ?? [],
  }));
  const { width = 0, height = 0 } = graph.graph();
  return { width, height, nodes, edges };
}
