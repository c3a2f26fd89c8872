// The room the dashboard needs, apart from its layout (which needs Ink): the dashboard says it when
// the terminal is too small, and the command line refuses a smaller --cols or --rows with it
// before anything is drawn.

/** The fewest columns the dashboard is laid out for. */
export const minDashboardWidth = 68;

/** Below this width the line under the clients that says who believes what can take two rows. */
const lessonWidth = 80;

/** The rows of the lock and resource panes, side by side. */
const topHeight = 5;

/** Rows of every pane but the story: header, lock and resource, clients (with headings), timeline, key bar. */
const fixedHeight = (clients: number) => 1 + topHeight + (clients + 3) + (clients + 3) + 1;

/**
 * Rows the story is promised at the smallest size, after the clients' headings have given way:
 * enough for its title and every built-in scenario's narration and latest event, whole, at 68
 * columns and more, in English and Japanese (test/ui/layout.test.ts holds the built-ins to it).
 */
const minStoryHeight = 5;

/**
 * The smallest terminal the dashboard of `clients` clients fits in near `width` columns (by
 * default the fewest it takes), one row kept free against flicker: at 80 columns or more, 80 and
 * the rows it needs there; below, the fewest columns and the row more they need. Either is a size
 * that fits, as the notice of a terminal too small promises.
 */
export function smallestDashboard(clients: number, width = minDashboardWidth): {width: number; height: number} {
	const narrow = width < lessonWidth;
	return {width: narrow ? minDashboardWidth : lessonWidth, height: fixedHeight(clients) - 1 + (narrow ? 1 : 0) + minStoryHeight + 1};
}

/** The fewest rows any dashboard needs: one client, 80 columns or more. */
export const minDashboardRows = smallestDashboard(1, lessonWidth).height;
