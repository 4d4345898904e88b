/**
 * Scrolls the page so that `target` starts just below the line of numbers
 * that stays at the top of the screen (it would cover the target's top).
 * Nothing moves when the target already lies in view below that line.
 */
export function revealBelowNumbers(target: Element, { always = false } = {}): void {
  const line = document.querySelector('.sticky-numbers');
  const covered =
    line && getComputedStyle(line).position === 'sticky' ? line.getBoundingClientRect().height : 0;
  const box = target.getBoundingClientRect();
  const inView = box.top >= covered && box.bottom <= window.innerHeight;
  if (inView && !always) return;
  window.scrollTo({ top: Math.max(0, box.top + window.scrollY - covered - 8) });
}
