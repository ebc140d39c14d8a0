/** What the rest of the app may use from the analytics feature; its page is lazy-loaded by the router. */
export { LearningCalendar } from './components/learning-calendar';
