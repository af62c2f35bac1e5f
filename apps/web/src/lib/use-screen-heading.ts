import { useEffect, useRef } from 'react';

export const APP_NAME = 'Wattdesk';

/** "Control Center · Wattdesk": each screen names itself in the tab, the history and the screen reader's announcement. */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
};

/**
 * The address whose screen heading was last shown; null until the first screen after the page loaded.
 * Module state on purpose: it must outlive the screens, which unmount on every navigation.
 */
let shownPath: string | null = null;

/**
 * The screen's title and its h1. After a client-side move to another address, focus goes to the heading, so
 * keyboard and screen-reader users start on the new screen instead of on a link that is gone (WCAG 2.4.3).
 * The first screen after a page load leaves focus where the browser puts it (the top of the page), and
 * changes within one address (filters, paging in the query string) never move it.
 */
export const useScreenHeading = (title: string) => {
  const heading = useRef<HTMLHeadingElement>(null);
  // Read from the address bar rather than the router, so a screen also renders outside one (component tests).
  const { pathname } = window.location;
  useDocumentTitle(title);
  useEffect(() => {
    if (shownPath !== null && shownPath !== pathname) heading.current?.focus();
    shownPath = pathname;
  }, [pathname]);
  return heading;
};
