/** Whether the visitor asked for less motion: pages then change without a slide, the map jumps
 * instead of flying, and a drag stops where it is let go, without a glide. */
export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
