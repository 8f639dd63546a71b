/** Scrolls `target` to the top of the screen, below the header when it sticks there, and focuses `focus`. */
export function bringIntoView(target: HTMLElement | null, focus: HTMLElement | null) {
  if (!target) return;
  const header = document.querySelector(".site-header");
  const covered = header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
  window.scrollBy({ top: target.getBoundingClientRect().top - covered - 16 });
  focus?.focus({ preventScroll: true });
}
