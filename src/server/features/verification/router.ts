import {
  disputeRecordSchema,
  golferSearchSchema,
  recordIdSchema,
  restoreRecordSchema,
  voidRecordSchema,
} from "../../../shared/schemas/verification";
import { protectedProcedure, router } from "../../trpc/init";
import {
  confirmRecord,
  disputeRecord,
  pendingForMe,
  recordHistory,
  restoreRecord,
  searchGolfers,
  voidRecord,
} from "./service";

export const verificationRouter = router({
  confirm: protectedProcedure.input(recordIdSchema).mutation(({ ctx, input }) => confirmRecord(ctx, input)),
  dispute: protectedProcedure.input(disputeRecordSchema).mutation(({ ctx, input }) => disputeRecord(ctx, input)),
  void: protectedProcedure.input(voidRecordSchema).mutation(({ ctx, input }) => voidRecord(ctx, input)),
  restore: protectedProcedure.input(restoreRecordSchema).mutation(({ ctx, input }) => restoreRecord(ctx, input)),
  history: protectedProcedure.input(recordIdSchema).query(({ ctx, input }) => recordHistory(ctx, input)),
  // REST-free: the /verifications page and the bell.
  pending: protectedProcedure.query(({ ctx }) => pendingForMe(ctx)),
  // REST-free: the record form's partner picker.
  searchGolfers: protectedProcedure.input(golferSearchSchema).query(({ ctx, input }) => searchGolfers(ctx, input)),
});
