import { z } from "zod";
import { deleteAccountSchema } from "../../../shared/schemas/account";
import { protectedProcedure, router } from "../../trpc/init";
import { deleteAccount } from "./deletion";
import { exportAccount } from "./export";

export const accountRouter = router({
  /** Everything the service holds about the caller (GET /api/users/me/export). */
  export: protectedProcedure.input(z.void()).query(({ ctx }) => exportAccount(ctx)),
  /** Deletes the caller's account (DELETE /api/users/me). */
  delete: protectedProcedure.input(deleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});
