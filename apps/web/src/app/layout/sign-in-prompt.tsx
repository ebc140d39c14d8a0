import { VISITOR_TEXTS } from '@pathwise/contract';
import { Link } from 'react-router';
import { ModalDialog } from '../../components/modal-dialog';
import { useReturnHereState } from '../../lib/auth/return-path';

/**
 * What a visitor reading signed out is asked when they try something only members can do: sign in
 * or join, then come back to this page (router state `from`, as the signed-in guard passes it) to do
 * it themselves. Lazy-loaded with the dialog's code, the first time a visitor needs it.
 */
export default function SignInPrompt({ onClose }: { onClose: () => void }) {
  const back = useReturnHereState();
  return (
    <ModalDialog title={VISITOR_TEXTS.signInToContinue} onClose={onClose}>
      <p className="text-slate-700">
        Liking, commenting, following, saving, reporting and tracking your progress need an account. You will
        come back to this page.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className="btn-secondary">
          Cancel
        </button>
        <Link to="/signup" state={back} className="btn-secondary">
          {VISITOR_TEXTS.join}
        </Link>
        <Link to="/login" state={back} className="btn-primary">
          {VISITOR_TEXTS.signIn}
        </Link>
      </div>
    </ModalDialog>
  );
}
