import type { Page } from '@playwright/test';

/**
 * What sticks out past the right edge of a viewport `width` px wide: the page's width and its outermost wide
 * elements. Content inside a region that scrolls on its own (a wide table) is not the page being too wide.
 */
export const pageOverflow = (page: Page, width: number) =>
  page.evaluate((viewportWidth) => {
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewportWidth + 1 && element.getClientRects().length > 0)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= viewportWidth + 1)
      .filter((element) => !element.closest('[data-scrolls-sideways], .MuiTableContainer-root, .MuiDataGrid-main, .leaflet-container'))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 2).join('.')} → ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);

/**
 * What the MUI data grids on the page cut off, one line per grid column, named by the grid's label and the
 * column's header:
 * - a header title shown with an ellipsis (its text wider than its box);
 * - cells whose content is wider or taller than the cell (the grid clips a cell's overflow), or that hold an
 *   element cut the same way (a chip's label);
 * - columns past the grid's right edge, reachable only by scrolling the grid sideways.
 * Text cut with an ellipsis counts from the first pixel ("Actio…" was 51 px of text in a 50 px box); elsewhere a pixel
 * of slack absorbs sub-pixel rounding, as scrollWidth and clientWidth are whole pixels rounded separately.
 */
export const clippedGridContent = (page: Page) =>
  page.evaluate(() => {
    const SLACK = 1;
    const ellipsis = (element: Element) => getComputedStyle(element).textOverflow === 'ellipsis';
    const cutWide = (element: Element) => element.scrollWidth > element.clientWidth + (ellipsis(element) ? 0 : SLACK);
    const cutTall = (element: Element) => element.scrollHeight > element.clientHeight + SLACK;
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    const found: string[] = [];
    for (const grid of document.querySelectorAll<HTMLElement>('.MuiDataGrid-root')) {
      const label = grid.getAttribute('aria-label') ?? grid.querySelector('[role="grid"]')?.getAttribute('aria-label') ?? 'grid';
      const headerName = new Map<string, string>();
      for (const header of grid.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeader[data-field]')) {
        const field = header.dataset.field ?? '';
        const title = header.querySelector<HTMLElement>('.MuiDataGrid-columnHeaderTitle');
        headerName.set(field, title?.textContent?.trim() || field);
        if (title && cutWide(title))
          found.push(`${label} › ${headerName.get(field)}: header cut (needs ${title.scrollWidth} px, has ${title.clientWidth} px)`);
      }
      const cutCells = new Map<string, { count: number; need: number; has: number; way: string; sample: string }>();
      for (const cell of grid.querySelectorAll<HTMLElement>('.MuiDataGrid-row .MuiDataGrid-cell[data-field]')) {
        const field = cell.dataset.field ?? '';
        // The checkbox column's cells are the grid's own, not content a user reads.
        if (field === '__check__') continue;
        const cut = [cell, ...cell.querySelectorAll('*')].find((element) => clips(element) && (cutWide(element) || cutTall(element)));
        if (!cut) continue;
        const seen = cutCells.get(field) ?? { count: 0, need: 0, has: 0, way: '', sample: (cell.textContent ?? '').trim().slice(0, 40) };
        const wide = cutWide(cut);
        seen.count += 1;
        seen.need = Math.max(seen.need, wide ? cut.scrollWidth : cut.scrollHeight);
        seen.has = wide ? cut.clientWidth : cut.clientHeight;
        seen.way = wide ? 'wide' : 'tall';
        cutCells.set(field, seen);
      }
      for (const [field, { count, need, has, way, sample }] of cutCells)
        found.push(`${label} › ${headerName.get(field) ?? field}: ${count} cell(s) cut (${way}: needs ${need} px, has ${has} px), e.g. "${sample}"`);
      // Columns wider together than the grid's viewport: the last ones are reachable only by scrolling the grid.
      // (The scroller's own scrollWidth is no measure: the last header's hidden menu button pokes past its edge.)
      const scroller = grid.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
      const columnsWidth = parseFloat(getComputedStyle(grid).getPropertyValue('--DataGrid-columnsTotalWidth'));
      if (scroller && columnsWidth > scroller.clientWidth + SLACK) {
        const edge = scroller.getBoundingClientRect().right;
        const headers = [...grid.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeader[data-field]')];
        const past = headers
          .filter((header) => header.getBoundingClientRect().right > edge + SLACK)
          .map((header) => headerName.get(header.dataset.field ?? '') ?? '?');
        const unrendered = Number(grid.querySelector('[role="grid"]')?.getAttribute('aria-colcount') ?? headers.length) - headers.length;
        if (unrendered > 0) past.push(`${unrendered} more not rendered`);
        found.push(`${label}: columns ${Math.round(columnsWidth)} px wide in ${scroller.clientWidth} px, past the edge: ${past.join(', ')}`);
      }
    }
    return found;
  });
