// Loaded on demand by LazyMotion so the animation engine stays out of the first paint.
export { domAnimation as default } from 'motion/react';
