/**
 * In-page navigation: smooth scrolling to a section (instant when the visitor prefers reduced
 * motion; 'instant', not 'auto', because 'auto' follows the global `scroll-behavior: smooth`),
 * and which section is in view so the header can mark it.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import type { SectionId } from '../content';

/** The sticky header's height; sections keep this much room above them when scrolled to. */
export const HEADER_HEIGHT = '64px';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !(
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/** Click handler for the brand link: already on the landing page, so go back to its top. */
export function scrollToTop(event: MouseEvent<HTMLAnchorElement>): void {
  if (!isPlainClick(event)) return;
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

/**
 * Click handler for an `href="#id"` link. Plain left clicks scroll smoothly and move keyboard
 * focus to the section (as a native jump would); modified clicks keep the browser's behaviour.
 */
export function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: SectionId): void {
  if (!isPlainClick(event)) return;
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  // Keep the router's own history state; only the fragment changes, without a new history entry.
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** The section currently crossing the upper middle of the viewport, or null above the first one. */
export function useActiveSection(ids: readonly SectionId[]): SectionId | null {
  const [active, setActive] = useState<SectionId | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    const sectionIds = key.split(',') as SectionId[];
    const elements = sectionIds
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        // The first section (in page order) inside the band wins.
        setActive(sectionIds.find((id) => visible.has(id)) ?? null);
      },
      { rootMargin: '-35% 0px -60% 0px' },
    );
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [key]);
  return active;
}
