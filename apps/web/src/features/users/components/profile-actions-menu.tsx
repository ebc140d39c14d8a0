import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { UserProfile } from '@pathwise/contract';
import { ErrorBox } from '../../../components/callout';
import type { ConfirmQuestion } from '../../../components/confirm-dialog';
import { useConfirm } from '../../../components/use-confirm';
import { useSetRestricted } from '../api/safety-queries';

const ITEM_CLASSES =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-indigo-50 ' +
  'data-focus:text-indigo-800';

const blockQuestion = (name: string): ConfirmQuestion => ({
  title: `Block ${name}?`,
  message:
    "You will no longer see each other's posts and learning plans, follows between you end, and " +
    'neither of you can follow, like, comment on or mention the other.',
  confirmLabel: 'Block',
});

const muteQuestion = (name: string): ConfirmQuestion => ({
  title: `Mute ${name}?`,
  message: `Their posts and notifications will be hidden from you. ${name} will not be told.`,
  confirmLabel: 'Mute',
});

/** The "⋯" menu of someone else's profile: Block/Unblock and Mute/Unmute, the first of each asked first. */
export function ProfileActionsMenu({ profile }: { profile: UserProfile }) {
  const block = useSetRestricted(profile.id, 'block');
  const mute = useSetRestricted(profile.id, 'mute');
  const [confirm, confirmDialog] = useConfirm();

  const change = async (mutation: typeof block, on: boolean, question: (name: string) => ConfirmQuestion) => {
    if (on && !(await confirm(question(profile.name)))) return;
    mutation.mutate(on);
  };
  const error = block.error ?? mute.error;

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <Menu as="div" className="relative self-center sm:self-end">
        <MenuButton className="btn-secondary px-3" aria-label={`More actions for ${profile.name}`}>
          <span aria-hidden="true">⋯</span>
        </MenuButton>
        <MenuItems className="absolute right-0 z-40 mt-2 w-48 origin-top-right rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none">
          <MenuItem>
            <button
              type="button"
              className={ITEM_CLASSES}
              onClick={() => change(mute, !profile.isMuted, muteQuestion)}
            >
              {profile.isMuted ? 'Unmute' : 'Mute'}
            </button>
          </MenuItem>
          <MenuItem>
            <button
              type="button"
              className={`${ITEM_CLASSES} text-red-700`}
              onClick={() => change(block, !profile.isBlocked, blockQuestion)}
            >
              {profile.isBlocked ? 'Unblock' : 'Block'}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {error && <ErrorBox>{`Could not change this: ${error.message}`}</ErrorBox>}
      {confirmDialog}
    </div>
  );
}
