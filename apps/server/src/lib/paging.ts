/**
 * The total of a paged list, counted only when the page cannot tell it: a page with fewer rows than its
 * size is the last, so the total is the rows before it plus its own. Most answers (a small shop's lists, a
 * narrow filter) then cost one statement instead of two; only a full page or an empty page after the first
 * still counts.
 */
export async function totalOf(
  rows: number,
  page: { page: number; itemsPerPage: number },
  count: () => Promise<number>,
): Promise<number> {
  if (rows > 0 && rows < page.itemsPerPage) return (page.page - 1) * page.itemsPerPage + rows;
  if (rows === 0 && page.page === 1) return 0;
  return count();
}
