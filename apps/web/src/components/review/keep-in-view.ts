// The shown move of a move list kept in view inside the list's own scroll, without scrolling the page.

/** Scrolls `box` (a list that scrolls within its own height) so its shown move (aria-current="step") is in view. */
export function keepShownInView(box: HTMLElement | null): void {
  const shown = box?.querySelector<HTMLElement>('[aria-current="step"]');
  if (!box || !shown) return;
  const top = shown.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  if (top < box.scrollTop || top + shown.offsetHeight > box.scrollTop + box.clientHeight)
    box.scrollTop = Math.max(0, top - box.clientHeight / 2);
}
