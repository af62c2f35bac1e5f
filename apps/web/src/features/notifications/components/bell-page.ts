/** The bell's page of notifications: its count and its panel read the same query. */
export const BELL_PAGE = { unreadOnly: false, page: 1, pageSize: 20 };
