import { SAVED_MESSAGES, type SaveResponse } from '@pathwise/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../lib/api-client';
import { useSignInFirst } from '../lib/visitor-gate';
import { BusyButton } from './busy-button';
import { BookmarkIcon } from './icons';

/** The query key of the Saved page's list, which every save and unsave makes stale. */
export const SAVED_QUERY_KEY = ['saved'] as const;

type SaveButtonProps = {
  /** What is saved, as its path under `/api/saved/`. */
  kind: 'posts' | 'learning-plans';
  /** The post or plan as last read: its `isSaved` shows until the viewer clicks. */
  target: { id: number; isSaved: boolean };
};

/**
 * Save / Saved (docs/features.md, "Saved items"): the new state shows at once and goes back, with a message,
 * if the server refuses it; clicks wait while one is on its way.
 */
export function SaveButton({ kind, target }: SaveButtonProps) {
  const queryClient = useQueryClient();
  const signInFirst = useSignInFirst();
  // The chosen state shows until a newer copy of the target arrives (as the like button does).
  const [chosen, setChosen] = useState<{ for: SaveButtonProps['target']; saved: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const saved = chosen?.for === target ? chosen.saved : target.isSaved;
  const save = useMutation({
    mutationFn: (wanted: boolean) =>
      apiRequest<SaveResponse>(`/api/saved/${kind}/${target.id}`, { method: wanted ? 'PUT' : 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_QUERY_KEY }),
  });

  const toggle = () => {
    const wanted = !saved;
    setFailed(false);
    setChosen({ for: target, saved: wanted });
    save.mutate(wanted, {
      onError: () => {
        setChosen({ for: target, saved: !wanted });
        setFailed(true);
      },
    });
  };

  return (
    <span className="inline-flex items-center gap-2">
      <BusyButton
        type="button"
        aria-pressed={saved}
        busy={save.isPending}
        onClick={signInFirst(toggle)}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium hover:bg-indigo-50 aria-busy:cursor-wait ${saved ? 'text-indigo-700' : 'text-slate-600'}`}
      >
        <BookmarkIcon className={`size-5 ${saved ? 'fill-current' : ''}`} />
        {saved ? 'Saved' : 'Save'}
      </BusyButton>
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          {SAVED_MESSAGES.updateFailed}
        </span>
      )}
    </span>
  );
}
