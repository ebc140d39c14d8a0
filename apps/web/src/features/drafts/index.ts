/**
 * What the rest of the app may use from the drafts feature: an editor's autosaved draft; its page is lazy.
 */
export { publishDraft } from './api/drafts-api';
export { DraftStatusLine } from './draft-status-line';
export { type DraftStatus, useAutosavedDraft } from './use-autosaved-draft';
export { useLeaveWarning } from './use-leave-warning';
