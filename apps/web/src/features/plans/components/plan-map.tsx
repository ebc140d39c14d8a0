import {
  type LearningPlan,
  PLAN_MAP_MESSAGES,
  type PlanTopic,
  TOPIC_STATUS_LABELS,
  TOPIC_STATUSES,
  type TopicStatus,
} from '@pathwise/contract';
import { layoutTopics, NODE_HEIGHT, NODE_WIDTH } from '@pathwise/contract/plan-map-layout';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { MapEdges } from './map-edges';
import { unmetPrerequisites } from './prerequisites';
import { STATUS_STYLES } from './status-styles';

/** Inline, so that every engine computing the name (jsdom in the tests too) sees two blocks. */
const BLOCK = { display: 'block' } as const;

/** The status a key sets: D done, P in progress, S skipped. */
const STATUS_KEYS: Record<string, TopicStatus> = { d: 'COMPLETED', p: 'IN_PROGRESS', s: 'SKIPPED' };

type Direction = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
const DIRECTIONS: Record<Direction, { x: number; y: number }> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

type PlanMapProps = {
  plan: LearningPlan;
  /** The status being saved for a topic, shown at once. */
  pendingStatus: { topicId: number; status: TopicStatus } | undefined;
  busy: boolean;
  onStatus: (topicId: number, status: TopicStatus) => void;
  /** Enter on a topic: the list shows it. */
  onOpen: (topicId: number) => void;
};

/**
 * The plan's topics as a graph, each prerequisite above the topics that need it, coloured by the viewer's
 * status. One node is in the tab order at a time (a roving tab stop); arrow keys move to the nearest
 * topic that way. The list view stays the complete accessible twin.
 */
export default function PlanMap({ plan, pendingStatus, busy, onStatus, onOpen }: PlanMapProps) {
  const layout = useMemo(() => layoutTopics(plan.topics), [plan.topics]);
  const [current, setCurrent] = useState(plan.topics[0]?.id);
  const nodes = useRef(new Map<number, HTMLButtonElement>());
  const statusOf = (topic: PlanTopic) =>
    pendingStatus?.topicId === topic.id ? pendingStatus.status : topic.completionStatus;

  const moveFrom = (topicId: number, direction: Direction) => {
    const from = layout.nodes.get(topicId)!;
    const way = DIRECTIONS[direction];
    let best: { id: number; cost: number } | undefined;
    for (const [id, to] of layout.nodes) {
      const along = (to.x - from.x) * way.x + (to.y - from.y) * way.y;
      if (id === topicId || along <= 0) continue;
      const across = Math.abs((to.x - from.x) * way.y) + Math.abs((to.y - from.y) * way.x);
      const cost = along + 2 * across;
      if (!best || cost < best.cost) best = { id, cost };
    }
    if (!best) return;
    setCurrent(best.id);
    nodes.current.get(best.id)?.focus();
  };

  const onKeyDown = (topic: PlanTopic, event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key in DIRECTIONS) {
      event.preventDefault();
      moveFrom(topic.id, event.key as Direction);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(topic.id);
      return;
    }
    const status = STATUS_KEYS[event.key.toLowerCase()];
    if (status) {
      event.preventDefault();
      if (!busy && status !== statusOf(topic)) onStatus(topic.id, status);
    }
  };

  return (
    <div className="space-y-3">
      <Legend />
      <div className="overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-2">
        <section
          aria-label={PLAN_MAP_MESSAGES.mapLabel(plan.title)}
          className="relative"
          style={{ width: layout.width, height: layout.height }}
        >
          <MapEdges layout={layout} />
          {plan.topics.map((topic) => {
            const place = layout.nodes.get(topic.id)!;
            const status = statusOf(topic);
            const needs = unmetPrerequisites(plan.topics, topic);
            return (
              <button
                key={topic.id}
                ref={(element) => {
                  if (element) nodes.current.set(topic.id, element);
                  else nodes.current.delete(topic.id);
                }}
                type="button"
                tabIndex={topic.id === current ? 0 : -1}
                aria-disabled={busy || undefined}
                aria-describedby={needs.length > 0 ? `map-needs-${topic.id}` : undefined}
                data-status={status}
                onFocus={() => setCurrent(topic.id)}
                onClick={() => onOpen(topic.id)}
                onKeyDown={(event) => onKeyDown(topic, event)}
                className={`absolute flex flex-col justify-center overflow-hidden rounded-lg border-2 px-2 text-left text-sm shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${STATUS_STYLES[status]}`}
                style={{
                  left: place.x - NODE_WIDTH / 2,
                  top: place.y - NODE_HEIGHT / 2,
                  width: NODE_WIDTH,
                  height: NODE_HEIGHT,
                }}
              >
                {/* Named "Title Status" (two lines, so two words apart); what it needs describes it. */}
                <span className="truncate font-medium" style={BLOCK}>
                  {topic.title}
                </span>
                <span className="text-xs" style={BLOCK}>
                  {TOPIC_STATUS_LABELS[status]}
                </span>
                {needs.length > 0 && (
                  <span id={`map-needs-${topic.id}`} aria-hidden="true" className="block truncate text-xs">
                    {PLAN_MAP_MESSAGES.needs(needs)}
                  </span>
                )}
              </button>
            );
          })}
        </section>
      </div>
    </div>
  );
}

export function Legend() {
  return (
    <div>
      <h2 className="sr-only">{PLAN_MAP_MESSAGES.mapLegend}</h2>
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
        aria-label={PLAN_MAP_MESSAGES.mapLegend}
      >
        {TOPIC_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-block size-3.5 rounded border-2 ${STATUS_STYLES[status]}`}
            />
            {TOPIC_STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
