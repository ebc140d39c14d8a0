import { DRAFT_MESSAGES } from '@pathwise/contract';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/use-confirm';

/**
 * Asks before leaving while `when` holds: the browser's own question on a reload, a closed tab or another
 * site, and the app's dialog on a link inside the app. The app's router is declarative, which has no
 * blocker, so such links are caught as they are clicked, before the router sees them. Render the returned
 * element where the component renders.
 */
export function useLeaveWarning(when: boolean): ReactNode {
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      if (link.origin !== window.location.origin || link.hasAttribute('download')) return;
      event.preventDefault();
      event.stopPropagation();
      const to = `${link.pathname}${link.search}${link.hash}`;
      void confirm({
        title: 'Leave this page?',
        message: DRAFT_MESSAGES.leaveWarning,
        confirmLabel: 'Leave',
      }).then((leave) => leave && navigate(to));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when, confirm, navigate]);

  return dialog;
}
