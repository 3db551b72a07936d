import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { sendReport, type ReportDeps } from './sendReport';

type Answer = { status: number; ok: boolean; json: unknown };

function deps(answer: Answer | Error) {
  const sent: { route: unknown; options: unknown }[] = [];
  const d: ReportDeps = {
    send: async (route: unknown, options: unknown) => {
      sent.push({ route, options });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { d, sent };
}

const proposal = { kind: 'intervention', interventionId: 7 } as const;
const reported = { reported: true };

describe('sendReport', () => {
  it('posts a monument report to its path with reason and comment', async () => {
    const { d, sent } = deps({ status: 201, ok: true, json: reported });
    const outcome = await sendReport({ kind: 'monument', monumentId: 'mon-a' }, { reason: 'wrong', comment: 'Doppelt' }, d);
    expect(sent).toEqual([
      { route: 'reportMonument', options: { params: { monumentId: 'mon-a' }, body: { reason: 'wrong', comment: 'Doppelt' } } },
    ]);
    expect(outcome).toEqual({ sent: true, feedback: { kind: 'success', key: 'report.thanks' } });
  });

  it('thanks for a repeat (200) as for a new report', async () => {
    const { d, sent } = deps({ status: 200, ok: true, json: reported });
    expect(await sendReport(proposal, { reason: 'spam' }, d)).toEqual({
      sent: true,
      feedback: { kind: 'success', key: 'report.thanks' },
    });
    expect(sent[0]).toEqual({
      route: 'reportIntervention',
      options: { params: { interventionId: 7 }, body: { reason: 'spam' } },
    });
  });

  it('says the item is gone on 404 and asks to wait on 429', async () => {
    expect((await sendReport(proposal, { reason: 'spam' }, deps({ status: 404, ok: false, json: {} }).d)).feedback.key).toBe(
      'report.gone',
    );
    const limited = await sendReport(proposal, { reason: 'spam' }, deps({ status: 429, ok: false, json: {} }).d);
    expect(limited).toEqual({ sent: false, feedback: { kind: 'error', key: 'errors.tooManyRequests' } });
  });

  it("shows the server's text, else 'Server error.' (5xx, network, malformed answer)", async () => {
    const text = await sendReport(
      proposal,
      { reason: 'other' },
      deps({ status: 400, ok: false, json: { message: 'bad comment' } }).d,
    );
    expect(text.feedback).toMatchObject({ kind: 'error', text: 'bad comment' });
    for (const answer of [
      { status: 503, ok: false, json: undefined },
      { status: 201, ok: true, json: { reported: 'yes' } },
      new ApiError('network', 0, undefined),
    ]) {
      expect(await sendReport(proposal, { reason: 'other' }, deps(answer).d)).toEqual({
        sent: false,
        feedback: { kind: 'error', key: 'errors.server' },
      });
    }
  });
});
