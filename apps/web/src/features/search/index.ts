/** What the rest of the app may use from the search feature: the search page is composed in app/routes. */
export { useSearchAgain } from './api/queries';
export { RecentSearches } from './components/recent-searches';
export { SearchForm } from './components/search-form';
export { SearchResults } from './components/search-results';
export { rememberSearch } from './recent-searches';
