import { z } from "zod";
import { updateProfileSchema } from "../../../shared/schemas/auth";
import { pictureUploadSchema } from "../../../shared/schemas/profile";
import { protectedProcedure, router } from "../../trpc/init";
import { removePicture, updateProfile, uploadPicture } from "./service";

export const profileRouter = router({
  update: protectedProcedure.input(updateProfileSchema).mutation(({ ctx, input }) => updateProfile(ctx, input)),
  uploadPicture: protectedProcedure.input(pictureUploadSchema).mutation(({ ctx, input }) => uploadPicture(ctx, input)),
  removePicture: protectedProcedure.input(z.void()).mutation(({ ctx }) => removePicture(ctx)),
});
