import { useSignedInUser } from '../../../lib/auth/auth-context';
import { useCopyText } from '../../../lib/clipboard';
import { useInstanceSettings } from '../../../lib/instance';

export const FEDIVERSE_TEXTS = {
  title: 'Your address on other servers',
  shown: 'People on Mastodon and other fediverse servers can find and follow you by searching for it.',
  /** What turning "Show my profile to visitors" off does to follows with other servers. */
  hiding:
    'If you stop showing your profile to visitors, your followers on other servers are removed and you ' +
    'stop following people there. Showing it again does not bring them back: they have to follow you again.',
  notShown:
    'Show your profile to visitors, and people on Mastodon and other fediverse servers can follow you as',
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: 'The address could not be copied. Select it and copy it by hand.',
} as const;

/**
 * With FEDERATION on, the person's `@handle@host` for other servers, with a copy button; it works only
 * while their profile is shown to visitors (docs/federation.md), which `shown` says.
 */
export function FediverseAddress({ shown }: { shown: boolean }) {
  const settings = useInstanceSettings(true);
  const user = useSignedInUser();
  const { outcome, copy } = useCopyText();
  if (!settings?.federationHost) return null;
  const address = `@${user.handle}@${settings.federationHost}`;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="font-medium text-slate-900">{FEDIVERSE_TEXTS.title}</h3>
      {shown ? (
        <>
          <p className="text-sm text-slate-600">{FEDIVERSE_TEXTS.shown}</p>
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200">
              {address}
            </code>
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-sm"
              onClick={() => void copy(address)}
            >
              {FEDIVERSE_TEXTS.copy}
            </button>
            <span role="status" className="text-sm text-emerald-700">
              {outcome === 'copied' ? FEDIVERSE_TEXTS.copied : ''}
            </span>
          </div>
          <p className="text-sm text-slate-600">{FEDIVERSE_TEXTS.hiding}</p>
          {outcome === 'failed' && (
            <p role="alert" className="text-sm text-red-700">
              {FEDIVERSE_TEXTS.copyFailed}
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {FEDIVERSE_TEXTS.notShown} <span className="font-mono break-all text-slate-900">{address}</span>.
        </p>
      )}
    </div>
  );
}
