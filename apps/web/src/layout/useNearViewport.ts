// Whether an element has come near the visible part of the page (once true, it stays true): for
// parts below the fold that cost a phone work and bytes, such as a monument's small map.
import { useEffect, useState, type RefObject } from 'react';

/** True once `ref`'s element is within `margin` of the viewport. */
export function useNearViewport(ref: RefObject<Element | null>, margin = '50%'): boolean {
  // Near from the start where the browser cannot tell.
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
