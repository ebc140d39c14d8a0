/** What the rest of the app may use from the auth feature; its pages are lazy-loaded by the router. */
export { useAuth, useSignedInUser } from './state/auth-context';
export { AuthProvider } from './state/auth-provider';
