// The staff side (issue 11). Every procedure but signIn needs a signed-in staff member.
import { TRPCError } from '@trpc/server';
import {
  AnswerInput,
  AuditFilter,
  AuditPage,
  Intervention,
  InterventionRef,
  InterventionUpdate,
  MergeResult,
  MonumentMerge,
  MonumentUpdate,
  NotificationRef,
  OutboxEntry,
  OutboxList,
  QueueIntervention,
  SignedOut,
  SignIn,
  StaffMe,
  StaffMonument,
  StaffMonumentRef,
  StaffQueue,
} from '@linz/contract';
import { publicProcedure, router } from './init.js';

const notImplemented = (): never => {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Not implemented yet.' });
};

const staffProcedure = publicProcedure;

export const staffRouter = router({
  session: router({
    signIn: publicProcedure.input(SignIn).output(StaffMe).mutation(notImplemented),
    signOut: publicProcedure.output(SignedOut).mutation(notImplemented),
    me: staffProcedure.output(StaffMe).query(notImplemented),
  }),
  queue: staffProcedure.output(StaffQueue).query(notImplemented),
  monuments: router({
    get: staffProcedure.input(StaffMonumentRef).output(StaffMonument).query(notImplemented),
    update: staffProcedure.input(MonumentUpdate).output(StaffMonument).mutation(notImplemented),
    validate: staffProcedure.input(StaffMonumentRef).output(StaffMonument).mutation(notImplemented),
    reject: staffProcedure.input(StaffMonumentRef).output(StaffMonument).mutation(notImplemented),
    restore: staffProcedure.input(StaffMonumentRef).output(StaffMonument).mutation(notImplemented),
    merge: staffProcedure.input(MonumentMerge).output(MergeResult).mutation(notImplemented),
  }),
  interventions: router({
    update: staffProcedure.input(InterventionUpdate).output(QueueIntervention).mutation(notImplemented),
    reject: staffProcedure.input(InterventionRef).output(QueueIntervention).mutation(notImplemented),
    restore: staffProcedure.input(InterventionRef).output(QueueIntervention).mutation(notImplemented),
    answer: staffProcedure.input(AnswerInput).output(Intervention).mutation(notImplemented),
  }),
  audit: router({
    list: staffProcedure.input(AuditFilter).output(AuditPage).query(notImplemented),
  }),
  outbox: router({
    list: staffProcedure.output(OutboxList).query(notImplemented),
    retry: staffProcedure.input(NotificationRef).output(OutboxEntry).mutation(notImplemented),
  }),
});
