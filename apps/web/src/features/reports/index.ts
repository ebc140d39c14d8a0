/** What the rest of the app may use from the reports feature. */
export { ModerationPage } from './pages/moderation-page';
