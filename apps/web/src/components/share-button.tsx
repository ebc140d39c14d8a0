import { SHARE_TEXTS } from '@pathwise/contract';
import { useCopyText } from '../lib/clipboard';
import { ShareIcon } from './icons';

type ShareButtonProps = {
  /** The page's canonical path on this site, such as `/post/{id}` or `/@handle`. */
  path: string;
  /** What the share sheet names the page by. */
  title: string;
  className?: string;
};

/**
 * "Share": the device's share sheet (Web Share API) where the browser has one, else "Copy link",
 * which copies the page's canonical address and says so in a polite live region.
 */
export function ShareButton({ path, title, className = '' }: ShareButtonProps) {
  const { outcome, copy: copyText, reset } = useCopyText();
  const canShare = typeof navigator.share === 'function';
  const url = new URL(path, window.location.origin).href;

  const copy = () => copyText(url);
  const share = async () => {
    reset();
    if (!canShare) return copy();
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        onClick={() => void share()}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-indigo-50 hover:text-indigo-700"
      >
        <ShareIcon className="size-4" />
        {canShare ? SHARE_TEXTS.share : SHARE_TEXTS.copyLink}
      </button>
      <span role="status" className="text-sm text-emerald-700">
        {outcome === 'copied' ? SHARE_TEXTS.copied : ''}
      </span>
      {outcome === 'failed' && (
        <span role="alert" className="text-sm text-red-700">
          {SHARE_TEXTS.copyFailed}
        </span>
      )}
    </span>
  );
}
