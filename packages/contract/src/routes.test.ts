import { describe, expect, it } from 'vitest';
import { AnswerBody, AuditQuery, NewProposal, NewMonument, NewReport, pathOf, routes } from './index.js';

describe('contract', () => {
  it('fills path parameters and encodes them', () => {
    expect(pathOf(routes.castVote.path, { proposalId: 7 })).toBe('/api/interventions/7/vote');
    expect(pathOf(routes.monumentProposals.path, { monumentId: 'a b' })).toBe('/api/interventions/a%20b');
    expect(() => pathOf(routes.castVote.path)).toThrow(/proposalId/);
  });

  it('trims names and rejects blank, long or control-character names', () => {
    expect(NewProposal.parse({ name: '  Johanna Dohnal  ' }).name).toBe('Johanna Dohnal');
    expect(NewProposal.safeParse({ name: '   ' }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'x'.repeat(121) }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'a\u0085b' }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'evil\u202egnp.exe' }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'half \ud800' }).success).toBe(false);
    expect(NewProposal.safeParse({ name: 'Käthe Leichter 👩‍🔬' }).success).toBe(true);
  });

  it('bounds coordinates and the client id form', () => {
    const ok = { name: 'Bust', geoLocX: 48.3, geoLocY: 14.28 };
    expect(NewMonument.safeParse(ok).success).toBe(true);
    expect(NewMonument.safeParse({ ...ok, geoLocX: 91 }).success).toBe(false);
    expect(NewMonument.safeParse({ ...ok, geoLocY: '14' }).success).toBe(false);
    expect(NewMonument.safeParse({ ...ok, id: 'mon-user-1700000000000' }).success).toBe(true);
    expect(NewMonument.safeParse({ ...ok, id: 'mon-1' }).success).toBe(false);
  });

  it('reads a report comment, a statement and the audit query: trimmed, bounded, unknown values refused', () => {
    expect(NewReport.parse({ reason: 'spam', comment: '' })).toEqual({ reason: 'spam' });
    expect(NewReport.parse({ reason: 'wrong', comment: ' dup ' })).toEqual({ reason: 'wrong', comment: 'dup' });
    expect(NewReport.safeParse({ reason: 'spam', comment: 'x'.repeat(501) }).success).toBe(false);
    expect(NewReport.safeParse({ reason: 'boring' }).success).toBe(false);
    const answer = { status: 'planned', statement: { de: 'Ja.\nBald.', en: 'Yes.' } };
    expect(AnswerBody.safeParse(answer).success).toBe(true);
    expect(AnswerBody.safeParse({ ...answer, statement: { de: ' ', en: 'x' } }).success).toBe(false);
    expect(AnswerBody.safeParse({ ...answer, statement: { de: 'x'.repeat(2001), en: 'x' } }).success).toBe(false);
    expect(AnswerBody.safeParse({ ...answer, status: 'maybe' }).success).toBe(false);
    expect(AuditQuery.parse({ limit: '20', before: '7', itemKind: 'mail' })).toEqual({ limit: 20, before: 7, itemKind: 'mail' });
    expect(AuditQuery.parse({})).toEqual({ limit: 50 });
    expect(AuditQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(AuditQuery.safeParse({ what: 'x' }).success).toBe(false);
  });
});
