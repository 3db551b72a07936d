// What every use case is given: the app's long-lived parts (services.ts), the request's input and
// the Actor who makes it. A use case owns its checks, its limits, its write, telling the other
// instances (listsChanged) and waking the mail sender (app.mailQueued).
import type { Services } from '../services.js';

export type App = Services;
export type { Actor } from './actor.js';
export { staffName } from './actor.js';
