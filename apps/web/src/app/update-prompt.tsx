import { useRegisterSW } from 'virtual:pwa-register/react';

export const UPDATE_MESSAGE = 'A new version of Pathwise is available.';

/**
 * Registers the service worker and, when a new version of the app has been downloaded, offers to
 * switch to it: the open page keeps working on the version it started with until the reader agrees.
 * Loaded after the first paint, so the worker's library is not part of any page's first JavaScript.
 * A polite live region, always there so the offer is read out, without the `status` role that the
 * page's own messages use.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  return (
    <div aria-live="polite" className="fixed right-4 bottom-4 left-4 z-50 flex justify-center sm:left-auto">
      {needRefresh && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg">
          <p>{UPDATE_MESSAGE}</p>
          <div className="flex gap-2">
            <button type="button" className="btn-primary" onClick={() => updateServiceWorker(true)}>
              Reload
            </button>
            <button type="button" className="btn-secondary" onClick={() => setNeedRefresh(false)}>
              Later
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
