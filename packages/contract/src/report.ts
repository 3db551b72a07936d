// Citizens' reports of a monument or a proposal (spam, abuse, wrong data).
import { z } from 'zod';
import { REPORT_COMMENT_MAX, REPORT_REASONS } from './facts.js';
import { userText } from './text.js';

export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** An empty (or blank) comment is no comment; otherwise the same rules as all user text. */
export const NewReport = z.object({
  reason: ReportReason,
  comment: z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s))
    .pipe(userText(REPORT_COMMENT_MAX).optional()),
});
export type NewReport = z.infer<typeof NewReport>;

/** 201 for a new report, 200 for a repeat by the same browser (which changes nothing). */
export const ReportAnswer = z.object({ reported: z.literal(true) });
export type ReportAnswer = z.infer<typeof ReportAnswer>;
