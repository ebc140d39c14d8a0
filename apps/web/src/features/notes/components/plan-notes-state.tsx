import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import type { NoteTarget } from '../api/notes-api';

/** A note's control on the plan page: its editor closed or open, or just saved and closed. */
type NoteState = 'closed' | 'open' | 'saved';

type PlanNotesState = {
  stateOf: (key: string) => NoteState;
  toggle: (key: string) => void;
  /** Closes the editor and gives focus back to the note's button. */
  close: (key: string, saved: boolean) => void;
  buttonRef: (key: string) => (button: HTMLButtonElement | null) => void;
};

const PlanNotesContext = createContext<PlanNotesState | null>(null);

/** One key per topic or resource of the page, also the base of its elements' ids. */
export const noteKey = ({ planId, topicId, resourceId }: NoteTarget) =>
  `note-${planId}-${topicId}-${resourceId ?? 'topic'}`;

/**
 * What the plan page's note buttons and note panels share: the button sits at the end of its row and
 * the panel under it, in two places of the plans feature's layout, so their state lives here.
 */
export function PlanNotesProvider({ children }: { children: ReactNode }) {
  const [states, setStates] = useState<Record<string, NoteState>>({});
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const set = (key: string, state: NoteState) => setStates((current) => ({ ...current, [key]: state }));
  const value: PlanNotesState = {
    stateOf: (key) => states[key] ?? 'closed',
    toggle: (key) => set(key, states[key] === 'open' ? 'closed' : 'open'),
    close: (key, saved) => {
      set(key, saved ? 'saved' : 'closed');
      buttons.current.get(key)?.focus();
    },
    buttonRef: (key) => (button) => {
      if (button) buttons.current.set(key, button);
      else buttons.current.delete(key);
    },
  };
  return <PlanNotesContext value={value}>{children}</PlanNotesContext>;
}

export function usePlanNotes(): PlanNotesState {
  const state = useContext(PlanNotesContext);
  if (!state) throw new Error('Note buttons and panels belong inside a PlanNotesProvider');
  return state;
}
