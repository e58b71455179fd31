import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PublicUser, updateProfileSchema } from "../../../shared/schemas/auth";
import type { pictureUploadSchema, profileUpdateSchema } from "../../../shared/schemas/profile";
import { inTransaction, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { userPictures } from "../../db/schema/profile";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { toPublicUser } from "../users/queries";
import { decodePictureDataUrl, type PictureType } from "./picture-bytes";
import { onlyRow } from "../../lib/rows";

export async function updateProfile(
  ctx: SignedInContext,
  input: z.output<typeof updateProfileSchema>,
): Promise<PublicUser> {
  const userId = ctx.user.id;
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.displayName !== undefined) patch.displayName = input.displayName;
  if (input.homeCourseName !== undefined) patch.homeCourseName = input.homeCourseName;
  if (input.handicap !== undefined) patch.handicap = input.handicap;
  const [row] = Object.keys(patch).length
    ? await ctx.db.update(users).set(patch).where(eq(users.id, userId)).returning()
    : await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return toPublicUser(row);
}

const pictureUrl = (userId: number, version: number) => `/api/users/${userId}/picture?v=${version}`;

async function storePicture(tx: Db, userId: number, picture: { bytes: Uint8Array; type: PictureType }) {
  const { bytes, type } = picture;
  const pic = onlyRow(
    await tx
      .insert(userPictures)
      .values({ userId, contentType: type, data: bytes, version: 1 })
      .onConflictDoUpdate({
        target: userPictures.userId,
        set: { contentType: type, data: bytes, version: sql`${userPictures.version} + 1`, updatedAt: new Date() },
      })
      .returning({ version: userPictures.version }),
  );
  const [row] = await tx
    .update(users)
    .set({ profilePicture: pictureUrl(userId, pic.version) })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound("User not found");
  return toPublicUser(row);
}

async function clearPicture(tx: Db, userId: number) {
  await tx.delete(userPictures).where(eq(userPictures.userId, userId));
  const [row] = await tx.update(users).set({ profilePicture: null }).where(eq(users.id, userId)).returning();
  if (!row) throw notFound("User not found");
  return toPublicUser(row);
}

/** Stores a new profile picture (checked byte by byte) and points the user at its versioned URL. */
export async function uploadPicture(
  ctx: SignedInContext,
  input: z.output<typeof pictureUploadSchema>,
): Promise<PublicUser> {
  const picture = decodePictureDataUrl(input.profilePicture);
  return ctx.db.transaction((tx) => storePicture(tx, ctx.user.id, picture));
}

export async function removePicture(ctx: SignedInContext): Promise<PublicUser> {
  return ctx.db.transaction((tx) => clearPicture(tx, ctx.user.id));
}

/**
 * PUT /api/users/me: the profile fields, a new picture, or both (docs/product/api.md#put-apiusersme).
 * Everything is checked before anything is written, and it is written in one transaction, so a
 * refused request changes nothing.
 */
export async function updateMe(ctx: SignedInContext, input: z.output<typeof profileUpdateSchema>): Promise<PublicUser> {
  const { profilePicture, ...fields } = input;
  if (profilePicture === undefined) return updateProfile(ctx, fields);
  const picture = profilePicture === null ? null : decodePictureDataUrl(profilePicture);
  return ctx.db.transaction(async (tx) => {
    const pictured = picture ? await storePicture(tx, ctx.user.id, picture) : await clearPicture(tx, ctx.user.id);
    const hasFields = Object.values(fields).some((v) => v !== undefined);
    return hasFields ? updateProfile(inTransaction(ctx, tx), fields) : pictured;
  });
}

/** Any signed-in golfer may see any golfer's picture (they appear on shared boards and chats). */
export async function getPicture(ctx: SignedInContext, input: { userId: number }) {
  const [row] = await ctx.db.select().from(userPictures).where(eq(userPictures.userId, input.userId)).limit(1);
  if (!row) throw notFound("Picture not found");
  return row;
}
