import { z } from "zod";
import { pictureUploadSchema } from "../../../shared/schemas/profile";
import { protectedProcedure, router } from "../../trpc/init";
import { removePicture, uploadPicture } from "./service";

export const profileRouter = router({
  uploadPicture: protectedProcedure.input(pictureUploadSchema).mutation(({ ctx, input }) => uploadPicture(ctx, input)),
  removePicture: protectedProcedure.input(z.void()).mutation(({ ctx }) => removePicture(ctx)),
});
