import { DOMAIN_BLOCK_LIMITS, type DomainBlock, DOMAIN_BLOCK_MESSAGES as M } from '@pathwise/contract';
import { type FormEvent, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { Callout, ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr } from '../../../lib/api-client';
import { useBlockDomain, useDomainBlocks, useUnblockDomain } from '../api/domain-blocks-api';

function BlockDomainForm() {
  const block = useBlockDomain();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    block.mutate(
      { domain, reason },
      {
        onSuccess: () => {
          setDomain('');
          setReason('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-700">{M.explanation}</p>
      <TextField
        label={M.domainLabel}
        name="domain"
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        maxLength={DOMAIN_BLOCK_LIMITS.domainMax}
        autoComplete="off"
        spellCheck={false}
        required
        error={block.isError ? serverMessageOr(block.error, M.failed) : undefined}
      />
      <TextAreaField
        label={M.reasonLabel}
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={DOMAIN_BLOCK_LIMITS.reasonMax}
        rows={2}
      />
      {block.isSuccess && <Callout tone="success">{block.data.message}</Callout>}
      <div className="flex justify-end">
        <BusyButton type="submit" busy={block.isPending} className="btn-danger">
          {block.isPending ? M.adding : M.add}
        </BusyButton>
      </div>
    </form>
  );
}

function BlockedDomain({ block, onUnblock }: { block: DomainBlock; onUnblock: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm text-slate-800">
      <div className="min-w-0 break-words">
        <p className="font-medium">{block.domain}</p>
        {block.reason && <p className="mt-0.5 text-slate-700">{block.reason}</p>}
        <p className="mt-0.5 text-slate-600">
          {M.blockedBy(block.moderator?.name ?? 'a former moderator')},{' '}
          <RelativeTime value={block.createdAt} />
        </p>
      </div>
      <button
        type="button"
        onClick={onUnblock}
        className="btn-secondary"
        aria-label={`${M.remove} ${block.domain}`}
      >
        {M.remove}
      </button>
    </li>
  );
}

/**
 * The moderation page's "Blocked servers" tab: block a domain (with a reason for moderators), see
 * the blocked ones and unblock one after confirming. Focus goes to the list's heading after an unblock,
 * as the button that asked is gone.
 */
export function BlockedServers() {
  const list = useDomainBlocks();
  const unblock = useUnblockDomain();
  const [confirm, confirmDialog] = useConfirm();
  const heading = useRef<HTMLHeadingElement>(null);

  const askToUnblock = async (domain: string) => {
    const question = { title: M.unblockTitle(domain), message: M.unblockMessage, confirmLabel: M.remove };
    if (!(await confirm(question))) return;
    unblock.mutate(domain, { onSuccess: () => heading.current?.focus() });
  };

  return (
    <div className="space-y-4">
      <BlockDomainForm />
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {M.listLabel}
      </h2>
      {unblock.isError && <ErrorBox>{serverMessageOr(unblock.error, M.failed)}</ErrorBox>}
      {unblock.isSuccess && <Callout tone="success">{M.unblocked(unblock.variables)}</Callout>}
      <PagedItems
        list={list}
        failure={<ErrorWithRetry onRetry={() => list.refetch()}>{M.loadFailed}</ErrorWithRetry>}
        loadMoreFailure={M.loadFailed}
        className="space-y-4"
      >
        {(blocks) =>
          blocks.length === 0 ? (
            <EmptyState title={M.empty} />
          ) : (
            <ul
              aria-label={M.listLabel}
              className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            >
              {blocks.map((block) => (
                <BlockedDomain
                  key={block.domain}
                  block={block}
                  onUnblock={() => askToUnblock(block.domain)}
                />
              ))}
            </ul>
          )
        }
      </PagedItems>
      {confirmDialog}
    </div>
  );
}
