import { useLocation, useNavigate } from 'react-router';

/** Back to where the user came from; home when the page was opened directly (no earlier entry). */
export function useGoBack() {
  const navigate = useNavigate();
  const { key } = useLocation();
  // The router gives the first entry of a session the key 'default': there is nothing of ours behind it.
  const cameFromApp = key !== 'default';
  return () => (cameFromApp ? navigate(-1) : navigate('/'));
}
