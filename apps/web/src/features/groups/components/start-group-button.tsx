import { GROUP_LIMITS, GROUP_MESSAGES } from '@pathwise/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { createGroup } from '../api/groups-api';

/** "Start a group" on a plan page: a small form that makes the group and opens its page. */
export function StartGroupButton({ planId, planTitle }: { planId: number; planTitle: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`${planTitle} study group`.slice(0, GROUP_LIMITS.nameMaxLength));
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [startDate, setStartDate] = useState('');
  const [topicsPerWeek, setTopicsPerWeek] = useState('');
  const navigate = useNavigate();
  const formId = useId();
  const create = useMutation({
    mutationFn: () =>
      createGroup({
        planId,
        name,
        description,
        isPublic,
        startDate: startDate || null,
        topicsPerWeek: topicsPerWeek ? Number(topicsPerWeek) : null,
      }),
    onSuccess: (group) => navigate(`/groups/${group.id}`),
  });

  if (!open) {
    return (
      <button type="button" className="btn-secondary" aria-expanded={false} onClick={() => setOpen(true)}>
        Start a group
      </button>
    );
  }
  return (
    <form
      id={formId}
      aria-label="Start a study group"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Start a study group</h2>
      <TextField
        label="Group name"
        value={name}
        required
        maxLength={GROUP_LIMITS.nameMaxLength}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Description"
        value={description}
        maxLength={GROUP_LIMITS.descriptionMaxLength}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <TextField
          label="Start date"
          type="date"
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
        />
        <TextField
          label="Topics per week"
          type="number"
          min={1}
          max={GROUP_LIMITS.maxTopicsPerWeek}
          value={topicsPerWeek}
          onChange={(event) => setTopicsPerWeek(event.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={!isPublic} onChange={(event) => setIsPublic(!event.target.checked)} />
        Invite-only (people join through the invite link)
      </label>
      {create.isError && (
        <ErrorBox>
          {create.error instanceof ApiError ? create.error.message : GROUP_MESSAGES.createFailed}
        </ErrorBox>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Starting…' : 'Start the group'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
