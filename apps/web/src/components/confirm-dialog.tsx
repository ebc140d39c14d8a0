import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

export type ConfirmQuestion = { title: string; message: string; confirmLabel: string };

type ConfirmDialogProps = { question: ConfirmQuestion; onResponse: (confirmed: boolean) => void };

/**
 * An alert dialog asking before something that cannot be undone. Focus starts on Cancel, the safe
 * answer; Escape or a click outside also cancels, and focus returns to the control that asked.
 */
export default function ConfirmDialog({ question, onResponse }: ConfirmDialogProps) {
  return (
    <Dialog open role="alertdialog" onClose={() => onResponse(false)} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md space-y-3 rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{question.title}</DialogTitle>
          <Description className="text-slate-700">{question.message}</Description>
          <div className="flex justify-end gap-2 pt-2">
            {/* An alert dialog starts on its least destructive answer: Headless UI's initial focus, which
                a dialog opened inside another keeps (React's autoFocus lost it to the dialog there). */}
            <button type="button" data-autofocus onClick={() => onResponse(false)} className="btn-secondary">
              Cancel
            </button>
            <button type="button" onClick={() => onResponse(true)} className="btn-danger">
              {question.confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
