import { DRAFT_LIMITS, type DraftInput, type DraftKind } from '@pathwise/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createDraft, deleteDraft, updateDraft } from './api/drafts-api';
import { useDraft, usePlanDraft } from './api/queries';

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** The draft an editor was opened with, from `?draft=<id>`; null for a new one. */
function draftIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * An editor's draft, saved to the server a moment after the last change (so another device and a reload
 * find it) and restored from `?draft=<id>`, which the first save puts in the address. With `planId` it
 * holds changes to that existing plan instead: found and restored by the plan, the address left as it is.
 * `dirty` says a change is not saved yet; `flush` saves it now and answers the draft's id.
 */
export function useAutosavedDraft<Kind extends DraftKind>(
  kind: Kind,
  { planId = null }: { planId?: number | null } = {},
) {
  const [params, setParams] = useSearchParams();
  // Read once: the first save changes the address, which must not load the draft anew.
  const [openedId] = useState(() => (planId === null ? draftIdOf(params.get('draft')) : null));
  const restoredById = useDraft(openedId);
  const restoredOfPlan = usePlanDraft(planId);
  const restored = planId === null ? restoredById : restoredOfPlan;
  const id = useRef(openedId);
  const pending = useRef<Extract<DraftInput, { kind: Kind }>['fields'] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [dirty, setDirty] = useState(false);

  /** Saves what changed since the last save, one save at a time, in order. */
  const save = useCallback(() => {
    const next = chain.current.then(async () => {
      const fields = pending.current;
      if (!fields) return;
      pending.current = null;
      setStatus('saving');
      try {
        const input = { kind, fields, ...(planId !== null && { planId }) } as DraftInput;
        // A plan's changes always go by the plan, which replaces its draft: one deleted meanwhile (saved
        // on another device) is started again rather than lost.
        if (id.current === null || planId !== null) {
          const created = await createDraft(input);
          id.current = created.id;
          // A plan's changes are found by the plan: its editor's address stays.
          if (planId === null)
            setParams(
              (current) => {
                current.set('draft', String(created.id));
                return current;
              },
              { replace: true },
            );
        } else {
          await updateDraft(id.current, input);
        }
        if (pending.current === null) {
          setStatus('saved');
          setDirty(false);
        }
      } catch (error) {
        pending.current ??= fields;
        setStatus('failed');
        throw error;
      }
    });
    chain.current = next.catch(() => undefined);
    return next;
  }, [kind, planId, setParams]);

  const change = useCallback(
    (fields: Extract<DraftInput, { kind: Kind }>['fields']) => {
      pending.current = fields;
      setDirty(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save().catch(() => undefined), DRAFT_LIMITS.saveDelayMs);
    },
    [save],
  );

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    await save();
    return id.current;
  }, [save]);

  /** After publishing: nothing is left to save or warn about. */
  const forget = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    setDirty(false);
  }, []);

  /**
   * After what the draft was for was made some other way (a plan, with its files): the draft is deleted,
   * once any save in flight has ended. A failure leaves it on the Drafts page, where it can be deleted.
   */
  const discard = useCallback(async () => {
    forget();
    await chain.current;
    if (id.current === null) return;
    const gone = id.current;
    // A change after this starts a new draft.
    id.current = null;
    await deleteDraft(gone).catch(() => undefined);
  }, [forget]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A plan's draft found on opening is the one later saves replace and `discard` deletes.
  const restoredId = restored.data?.id;
  useEffect(() => {
    if (restoredId !== undefined && id.current === null) id.current = restoredId;
  }, [restoredId]);

  const fields = restored.data?.kind === kind ? restored.data.fields : undefined;
  return {
    /** The fields of the draft the editor was opened with, once read. */
    restored: fields as Extract<DraftInput, { kind: Kind }>['fields'] | undefined,
    restoring: (openedId !== null || planId !== null) && restored.isPending,
    restoreFailed: restored.isError,
    status,
    dirty,
    change,
    flush,
    forget,
    discard,
  };
}
