/** What the rest of the app may use from the notes feature. */
export { NoteToggle } from './components/note-toggle';
