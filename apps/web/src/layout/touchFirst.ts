// Which gesture a tip names: a long press where a touch screen is the main pointer (a phone or a
// tablet, not a laptop that also has one), the right mouse button elsewhere.
export const touchFirst = () => window.matchMedia('(pointer: coarse)').matches;
