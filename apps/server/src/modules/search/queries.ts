/**
 * The part of search's SQL other modules build on, so the rest of `repo.ts` stays free to
 * change: a plan's WHERE over `contact c` (the filter compiler) and one page of its matches in
 * the plan's order. The CSV export narrows its own reads with the first and pages with the
 * second, so an export holds exactly the contacts the search shows.
 */
export { searchPage, type PageRow } from './repo';
export { whereOf, type SearchPlan } from './where.repo';
