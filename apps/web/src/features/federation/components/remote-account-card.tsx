import { type RemoteAccount, serverOfHandle } from '@pathwise/contract';
import { useId } from 'react';
import { Avatar } from '../../../components/avatar';
import { ReportButton } from '../../../components/report-button';
import { FEDERATION_TEXTS } from '../federation-texts';
import { RemoteFollowButton } from './remote-follow-button';
import { RemoteRestrictButtons } from './remote-restrict-buttons';

/**
 * Someone on another server that a search found: picture (fetched without a referrer), name, their
 * `@name@server`, bio, a link to their profile there, Follow, Mute, Block and Report (with a copy to
 * their server if the person wishes). Beside the people of this server, it says which server they are on.
 */
export function RemoteAccountCard({ account }: { account: RemoteAccount }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Avatar src={account.profilePicture} alt="" className="size-12" remote />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <h3 id={nameId} className="truncate font-semibold text-slate-900">
            {account.name || account.handle}
          </h3>
          <p className="text-sm break-all text-slate-600">{account.handle}</p>
          <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {FEDERATION_TEXTS.elsewhere(account.handle)}
          </p>
        </div>
        {account.bio.trim() && (
          <p className="line-clamp-3 text-sm break-words text-slate-600">{account.bio}</p>
        )}
        <a
          href={account.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-link inline-block text-sm"
        >
          {FEDERATION_TEXTS.viewProfile(account.handle)}
          <span className="sr-only"> {FEDERATION_TEXTS.newTab}</span>
        </a>
        <RemoteFollowButton account={account} />
        <RemoteRestrictButtons account={account} />
        <ReportButton
          target={{
            type: 'REMOTE_ACCOUNT',
            id: account.id,
            label: account.handle,
            server: serverOfHandle(account.handle),
          }}
          className="-ml-2"
        />
      </div>
    </article>
  );
}
