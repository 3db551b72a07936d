import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { answering, type Answer } from '../../api/testing';
import { sendReport } from './sendReport';

const deps = (answer: Answer | Error) => answering(answer);

const proposal = { kind: 'proposal', proposalId: 7 } as const;
const reported = { reported: true };

describe('sendReport', () => {
  it('posts a monument report to its path with reason and comment', async () => {
    const d = deps({ status: 201, json: reported });
    const outcome = await sendReport({ kind: 'monument', monumentId: 'mon-a' }, { reason: 'wrong', comment: 'Doppelt' }, d);
    expect(d.sent).toEqual([
      { route: 'reportMonument', options: { params: { monumentId: 'mon-a' }, body: { reason: 'wrong', comment: 'Doppelt' } } },
    ]);
    expect(outcome).toEqual({ sent: true, feedback: { kind: 'success', key: 'report.thanks' } });
  });

  it('thanks for a repeat (200) as for a new report', async () => {
    const d = deps({ status: 200, json: reported });
    expect(await sendReport(proposal, { reason: 'spam' }, d)).toEqual({
      sent: true,
      feedback: { kind: 'success', key: 'report.thanks' },
    });
    expect(d.sent[0]).toEqual({
      route: 'reportProposal',
      options: { params: { proposalId: 7 }, body: { reason: 'spam' } },
    });
  });

  it("says the item is gone (NOT_FOUND) and asks to wait (TOO_MANY_REQUESTS), by the body's code", async () => {
    const gone = deps({ status: 404, json: { code: 'NOT_FOUND', message: 'No such proposal.' } });
    expect((await sendReport(proposal, { reason: 'spam' }, gone)).feedback.key).toBe('report.gone');
    const limited = await sendReport(
      proposal,
      { reason: 'spam' },
      deps({ status: 429, json: { code: 'TOO_MANY_REQUESTS', message: 'Slow down.' } }),
    );
    expect(limited).toEqual({ sent: false, feedback: { kind: 'error', key: 'errors.tooManyRequests' } });
  });

  it("shows the server's text, else 'Server error.' (5xx, network, malformed answer)", async () => {
    const text = await sendReport(
      proposal,
      { reason: 'other' },
      deps({ status: 400, json: { code: 'INVALID_INPUT', message: 'bad comment' } }),
    );
    expect(text.feedback).toMatchObject({ kind: 'error', text: 'bad comment' });
    for (const answer of [
      { status: 503, json: { code: 'UNAVAILABLE', message: 'Busy.' } },
      { status: 201, json: { reported: 'yes' } },
      new ApiError('NETWORK'),
    ]) {
      expect(await sendReport(proposal, { reason: 'other' }, deps(answer))).toEqual({
        sent: false,
        feedback: { kind: 'error', key: 'errors.server' },
      });
    }
  });
});
