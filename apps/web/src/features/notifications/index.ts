/** What the rest of the app may use from the notifications feature; its page is lazy-loaded by the router. */
export { NotificationBell } from './components/notification-bell';
