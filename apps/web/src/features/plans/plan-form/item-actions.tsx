type ItemActionsProps = {
  kind: 'topic' | 'resource';
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  /** Why the item cannot be removed, when it cannot. */
  keepReason?: string | undefined;
};

const SMALL_BUTTON = 'btn-secondary px-2.5 py-1';

/** Up, down and remove for one topic or resource of the form, named for screen readers by its position. */
export function ItemActions({ kind, index, count, onMove, onRemove, keepReason }: ItemActionsProps) {
  const name = `${kind} ${index + 1}`;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        aria-label={`Move ${name} up`}
        className={SMALL_BUTTON}
      >
        ↑
      </button>
      <button
        type="button"
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        className={SMALL_BUTTON}
      >
        ↓
      </button>
      <button
        type="button"
        onClick={onRemove}
        disabled={keepReason !== undefined}
        title={keepReason}
        aria-label={`Remove ${name}`}
        className={`${SMALL_BUTTON} text-red-700`}
      >
        Remove {kind}
      </button>
    </div>
  );
}
