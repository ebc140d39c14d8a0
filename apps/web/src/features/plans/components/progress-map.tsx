import { PROGRESS_SHARE_TEXTS, type SharedProgress, TOPIC_STATUS_LABELS } from '@pathwise/contract';
import { layoutTopics, NODE_HEIGHT, NODE_WIDTH } from '@pathwise/contract/plan-map-layout';
import { useMemo } from 'react';
import { MapEdges } from './map-edges';
import { Legend } from './plan-map';
import { STATUS_STYLES } from './status-styles';

/**
 * Someone's progress as the plan map draws it, to look at only: each topic with its status in words (not
 * colour alone), laid out as the plan page's map. It scrolls sideways on a narrow screen.
 */
type ProgressMapProps = { name: string; title: string; topics: SharedProgress['topics'] };

export function ProgressMap({ name, title, topics }: ProgressMapProps) {
  const layout = useMemo(() => layoutTopics(topics), [topics]);
  return (
    <div className="space-y-3">
      <Legend />
      {/* biome-ignore lint/a11y/useSemanticElements: a <section> would need a heading of its own. */}
      <div
        role="region"
        aria-label={PROGRESS_SHARE_TEXTS.mapLabel(name, title)}
        /* biome-ignore lint/a11y/noNoninteractiveTabindex: a map wider than the screen scrolls by keyboard
           only when it can take focus. */
        tabIndex={0}
        className="overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-2 focus-visible:outline-3 focus-visible:outline-indigo-600"
      >
        <div className="relative" style={{ width: layout.width, height: layout.height }}>
          <MapEdges layout={layout} />
          <ul>
            {topics.map((topic) => {
              const place = layout.nodes.get(topic.id)!;
              return (
                <li
                  key={topic.id}
                  data-status={topic.status}
                  className={`absolute flex flex-col justify-center overflow-hidden rounded-lg border-2 px-2 text-sm shadow-sm ${STATUS_STYLES[topic.status]}`}
                  style={{
                    left: place.x - NODE_WIDTH / 2,
                    top: place.y - NODE_HEIGHT / 2,
                    width: NODE_WIDTH,
                    height: NODE_HEIGHT,
                  }}
                >
                  <span className="block truncate font-medium">{topic.title}</span>
                  <span className="block text-xs">{TOPIC_STATUS_LABELS[topic.status]}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
}
