// The hidden-tab notice: while the page is hidden and it is the player's move (or an offer waits), the
// favicon carries a mark, always; a browser notification is shown too when the player has already
// allowed them (the page never asks for permission by itself: "Notify me" is where that is asked).

/** The favicon with a mark: the site's orange disc with a small dark-green dot at its corner. */
const MARKED_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23c2561a'/%3E%3Ccircle cx='12.5' cy='3.5' r='3.5' fill='%23137333' stroke='%23fff' stroke-width='1'/%3E%3C/svg%3E";

let plainIcon: string | null = null; // the page's own favicon, to put back

/** The page's favicon link, if it has one. */
function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/** Marks the favicon (true) or puts the page's own back (false). */
export function markFavicon(marked: boolean): void {
  const link = iconLink();
  if (!link) return;
  plainIcon ??= link.href;
  const href = marked ? MARKED_ICON : plainIcon;
  if (link.href !== href) link.href = href;
}

/** Whether the favicon carries the mark now (for tests and the page's own checks). */
export function faviconMarked(): boolean {
  return iconLink()?.href === MARKED_ICON;
}

/** Shows a browser notification if the player has allowed them; never asks. Clicking it brings the tab back. */
export function notifyIfAllowed(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, icon: MARKED_ICON });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the favicon mark still says it.
  }
}
