import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A small modal form's frame: a backdrop, a panel at the bottom of a phone's screen and centred
 * above, and its title. Escape closes it; focus returns to what opened it (Headless UI's Dialog).
 */
export function ModalDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** What a dialog's form answered, in place of the form, and the button that closes the dialog. */
export function DialogResponse({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <>
      <p role="status" className="text-slate-700">
        {message}
      </p>
      <div className="flex justify-end">
        {/* biome-ignore lint/a11y/noAutofocus: the response replaced the form, which held focus. */}
        <button type="button" autoFocus onClick={onClose} className="btn-primary">
          Close
        </button>
      </div>
    </>
  );
}
