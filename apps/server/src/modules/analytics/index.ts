/** What other modules may use of analytics: the rules of a learning day and a streak. */
export { learningStreaks, learningTypes } from './learning-days.js';
