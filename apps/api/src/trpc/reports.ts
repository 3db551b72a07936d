// Filing a citizen's report: the browser is the reporter, the connection's create limit applies,
// and an item hidden by it disappears from the public lists at once.
import type { NewReport } from '@linz/contract';
import { createWithinLimit } from '../domain/limits.js';
import { announceChange } from '../domain/read-cache.js';
import { report, type ReportTarget } from '../domain/reports.js';
import type { Context } from './init.js';

export async function fileReport(ctx: Context, target: ReportTarget, body: NewReport) {
  const ipHash = await ctx.ipHash();
  const reporterHash = ctx.voterHash();
  const outcome = await createWithinLimit(ctx.database, ipHash, ctx.config.limits.createsPer5Minutes, (tx) =>
    report(ctx.database, tx, target, body, { reporterHash, ipHash, netHash: ctx.netHash() }, ctx.config.reportHideThreshold),
  );
  if (outcome.hidden) {
    ctx.lists.monuments.invalidate();
    ctx.lists.interventions.invalidate();
    await announceChange(ctx.database, 'monuments');
    await announceChange(ctx.database, 'interventions');
  }
  return { reported: true as const, created: outcome.created };
}
