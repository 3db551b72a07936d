// Following a proposal: by e-mail (double opt-in, one-click unsubscribe), in this browser, and "mine".
import { PATHS } from '../facts.js';
import {
  ConfirmFollowRequest,
  FollowConfirmed,
  FollowPending,
  FollowRequest,
  Mine,
  Unsubscribed,
  UnsubscribeQuery,
  Watching,
} from '../follow.js';
import { proposalParams, type Route } from './route.js';

export const followsRoutes = {
  /** 202 whether or not the address follows already: nobody learns who follows what. */
  follow: {
    method: 'POST',
    path: PATHS.follow,
    params: proposalParams,
    body: FollowRequest,
    answer: FollowPending,
    status: 202,
  },
  /** The button of the confirmation page (a GET never confirms: mail scanners open links). */
  followConfirm: {
    method: 'POST',
    path: PATHS.followConfirm,
    body: ConfirmFollowRequest,
    answer: FollowConfirmed,
    status: 200,
  },
  /** RFC 8058 one-click: form body `List-Unsubscribe=One-Click`, or JSON `{}` from the page's button. */
  followUnsubscribe: {
    method: 'POST',
    path: PATHS.followUnsubscribe,
    query: UnsubscribeQuery,
    answer: Unsubscribed,
    status: 200,
  },
  watch: {
    method: 'POST',
    path: PATHS.watch,
    params: proposalParams,
    answer: Watching,
    status: 200,
  },
  unwatch: {
    method: 'POST',
    path: PATHS.unwatch,
    params: proposalParams,
    answer: Watching,
    status: 200,
  },
  /** This browser's own proposals, votes and follows (no voter cookie: empty lists). */
  mine: {
    method: 'GET',
    path: PATHS.mine,
    answer: Mine,
    status: 200,
    cacheControl: 'private, no-store',
  },
} as const satisfies Record<string, Route>;
