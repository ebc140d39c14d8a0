/** What the rest of the app may use from the explore feature: the Explore page's ranked sections. */
export { ExploreSection, ExploreSections } from './components/explore-sections';
