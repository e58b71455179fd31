import type { z } from "zod";
import type { challengeIdSchema } from "../../../shared/schemas/challenges";

/** The one input of every results read: which challenge. */
export type ChallengeId = z.output<typeof challengeIdSchema>;
