import {
  PLAN_MAP_MESSAGES,
  type PlanResource,
  type PlanTopic,
  TOPIC_STATUS_LABELS,
  TOPIC_STATUSES,
  type TopicStatus,
} from '@pathwise/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { resourceTypeLabel } from '../../../lib/labels';
import type { ProgressChange } from '../api/queries';

/** A topic or one of its resources, for what other features show under it. */
export type PlanItem = { planId: number; topicId: number; resourceId: number | null; title: string };
export type RenderItemExtras = (item: PlanItem) => ReactNode;
/** What other features add to each topic and resource, in two places of its row. */
export type ItemExtras = {
  /** A small control at the end of the row's first line (the note button). */
  action: RenderItemExtras;
  /** What shows under the row, across its width (the note and its editor). */
  details: RenderItemExtras;
};
type RowExtras = Record<keyof ItemExtras, (item: Pick<PlanItem, 'resourceId' | 'title'>) => ReactNode>;

type TopicProgressProps = {
  topic: PlanTopic;
  position: number;
  /**
   * The change being saved (and the plan reloaded): it shows at once, and every control waits,
   * announced as unavailable but still focusable, so the keyboard keeps its place.
   */
  pending: ProgressChange | undefined;
  onChange: (change: ProgressChange) => void;
  extras: RowExtras;
  /** The titles of its prerequisites the viewer has not completed yet. */
  needs: string[];
};

/** One topic of the plan detail page: the viewer's status dropdown and a checkbox per resource. */
export function TopicProgress({ topic, position, pending, onChange, extras, needs }: TopicProgressProps) {
  const headingId = useId();
  const busy = pending !== undefined;
  const status =
    pending && 'status' in pending && pending.topicId === topic.id ? pending.status : topic.completionStatus;
  const isCompleted = (resource: PlanResource) =>
    pending && 'resourceId' in pending && pending.resourceId === resource.id
      ? pending.isCompleted
      : resource.isCompleted;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {position}. {topic.title}
        </h2>
        <div className="flex items-center gap-1">
          <StatusSelect
            label={`Status of ${topic.title}`}
            status={status}
            busy={busy}
            onSave={(next) => onChange({ topicId: topic.id, status: next })}
          />
          {extras.action({ resourceId: null, title: topic.title })}
        </div>
      </div>
      {needs.length > 0 && <p className="mt-1 text-sm text-amber-800">{PLAN_MAP_MESSAGES.needs(needs)}</p>}
      {topic.description && <Markdown text={topic.description} className="mt-1 text-sm text-slate-600" />}
      {extras.details({ resourceId: null, title: topic.title })}
      {topic.resources.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {topic.resources.map((resource) => (
            <ResourceRow
              key={resource.id}
              resource={resource}
              isCompleted={isCompleted(resource)}
              busy={busy}
              onToggle={(isCompleted) =>
                onChange({ topicId: topic.id, resourceId: resource.id, isCompleted })
              }
              action={extras.action({ resourceId: resource.id, title: resource.title })}
              details={extras.details({ resourceId: resource.id, title: resource.title })}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500">No resources in this topic.</p>
      )}
    </section>
  );
}

/** How long the keyboard's choice must stay put before it is saved, if focus stays on the control. */
const KEYBOARD_SETTLE_MS = 1_000;

type StatusSelectProps = {
  label: string;
  status: TopicStatus;
  busy: boolean;
  onSave: (status: TopicStatus) => void;
};

/**
 * The topic's status. A pick with the pointer saves at once; arrow keys on the closed control (which
 * change its value at every press) only choose, and the choice is saved once: on Enter, when focus
 * leaves, or after it has stayed put a moment. Otherwise stepping from "Not Started" to "Completed"
 * saved "In Progress" on the way, and the wait for that save swallowed the next key.
 */
function StatusSelect({ label, status, busy, onSave }: StatusSelectProps) {
  const [draft, setDraft] = useState<TopicStatus | null>(null);
  const keyboard = useRef(false);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const save = (next: TopicStatus | null) => {
    clearTimeout(settle.current);
    setDraft(null);
    if (next !== null && next !== status && !busy) onSave(next);
  };
  return (
    <select
      aria-label={label}
      value={draft ?? status}
      aria-disabled={busy || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save(draft);
        else keyboard.current = event.key !== 'Tab';
      }}
      onPointerDown={() => {
        keyboard.current = false;
      }}
      onChange={(event) => {
        const next = event.target.value as TopicStatus;
        if (!keyboard.current) return save(next);
        setDraft(next);
        clearTimeout(settle.current);
        settle.current = setTimeout(() => save(next), KEYBOARD_SETTLE_MS);
      }}
      onBlur={() => save(draft)}
      className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 aria-disabled:opacity-60"
    >
      {TOPIC_STATUSES.map((option) => (
        <option key={option} value={option}>
          {TOPIC_STATUS_LABELS[option]}
        </option>
      ))}
    </select>
  );
}

type ResourceRowProps = {
  resource: PlanResource;
  isCompleted: boolean;
  busy: boolean;
  onToggle: (isCompleted: boolean) => void;
  action: ReactNode;
  details: ReactNode;
};

function ResourceRow({ resource, isCompleted, busy, onToggle, action, details }: ResourceRowProps) {
  const checkboxId = useId();
  return (
    <li className="flex flex-wrap items-start gap-x-3 py-3">
      <input
        id={checkboxId}
        type="checkbox"
        checked={isCompleted}
        aria-disabled={busy || undefined}
        onChange={(event) => {
          if (!busy) onToggle(event.target.checked);
        }}
        className="mt-1 size-4 shrink-0 accent-indigo-600 aria-disabled:opacity-60"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={checkboxId}
            className={`font-medium ${isCompleted ? 'text-slate-500 line-through' : 'text-slate-900'}`}
          >
            {resource.title}
          </label>
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
            {resourceTypeLabel(resource.type)}
          </span>
          {resource.durationMinutes !== null && (
            <span className="text-xs text-slate-500">{resource.durationMinutes} min</span>
          )}
        </div>
        {resource.description && (
          <Markdown text={resource.description} className="mt-0.5 text-sm text-slate-600" />
        )}
        {resource.url ? (
          // Links and uploaded PDFs open in a new tab (the browser shows PDFs itself).
          <a
            href={resource.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-link mt-1 inline-block text-sm break-all"
          >
            {resource.type === 'PDF' ? 'Open PDF' : 'Open resource'}
            <span className="sr-only">: {resource.title} (opens in a new tab)</span>
          </a>
        ) : (
          <p className="mt-1 text-sm text-slate-500">No file uploaded yet.</p>
        )}
      </div>
      {action}
      {/* Under the row, lined up with the title (the checkbox's width and the gap). */}
      <div className="min-w-0 basis-full pl-7">{details}</div>
    </li>
  );
}
