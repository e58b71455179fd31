import { eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth";
import { pictureUploadSchema } from "../../../shared/schemas/profile";
import type { Db } from "../../db/client";
import { userPictures } from "../../db/schema/profile";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { toPublicUser } from "../users/queries";
import { decodePictureDataUrl } from "./picture-bytes";

export const pictureUrl = (userId: number, version: number) => `/api/users/${userId}/picture?v=${version}`;

/** Stores a new profile picture (checked byte by byte) and points the user at its versioned URL. */
export async function uploadPicture(db: Db, userId: number, raw: unknown): Promise<PublicUser> {
  const { profilePicture } = parseInput(pictureUploadSchema, raw);
  const { bytes, type } = decodePictureDataUrl(profilePicture);
  return db.transaction(async (tx) => {
    const [pic] = await tx
      .insert(userPictures)
      .values({ userId, contentType: type, data: bytes, version: 1 })
      .onConflictDoUpdate({
        target: userPictures.userId,
        set: { contentType: type, data: bytes, version: sql`${userPictures.version} + 1`, updatedAt: new Date() },
      })
      .returning({ version: userPictures.version });
    const [row] = await tx
      .update(users)
      .set({ profilePicture: pictureUrl(userId, pic.version) })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound("User not found");
    return toPublicUser(row);
  });
}

export async function removePicture(db: Db, userId: number): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    await tx.delete(userPictures).where(eq(userPictures.userId, userId));
    const [row] = await tx.update(users).set({ profilePicture: null }).where(eq(users.id, userId)).returning();
    if (!row) throw notFound("User not found");
    return toPublicUser(row);
  });
}

export async function getPicture(db: Db, userId: number) {
  const [row] = await db.select().from(userPictures).where(eq(userPictures.userId, userId)).limit(1);
  if (!row) throw notFound("Picture not found");
  return row;
}
