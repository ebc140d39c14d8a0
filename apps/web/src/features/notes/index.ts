/** What the rest of the app may use from the notes feature: the plan page's note button and panel. */
export { NoteButton } from './components/note-button';
export { NotePanel } from './components/note-panel';
export { PlanNotesProvider } from './components/plan-notes-state';
