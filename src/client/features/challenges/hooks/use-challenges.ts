import { MY_CHALLENGES_POLL_MS, MY_CHALLENGES_STALE_MS } from "../../../lib/freshness";
import { trpc } from "../../../lib/trpc";

// Freshness (docs/product/routes-and-screens.md#data-freshness). My Challenges refreshes every 15 s
// (its 30 s poll is covered by that) and treats data under 10 s old as fresh; the detail page is
// fresh for 20 s and polled every 30 s. Polling is how other players' joins and birdies show up (no
// realtime channel outside chat).
const DETAIL_STALE_MS = 20_000;
const DETAIL_POLL_MS = 30_000;

export function useMyChallenges() {
  return trpc.challenges.list.useQuery(undefined, {
    staleTime: MY_CHALLENGES_STALE_MS,
    refetchInterval: MY_CHALLENGES_POLL_MS,
  });
}

/** A route's `:id` as a challenge id, or null when it cannot name one (shared with the server's page reads). */
export { routeChallengeId as parseChallengeId } from "../../../../shared/domain/page-data";

export function useChallenge(id: number | null, options: { poll?: boolean } = {}) {
  const poll = options.poll ?? true;
  return trpc.challenges.byId.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, staleTime: poll ? DETAIL_STALE_MS : 0, refetchInterval: poll ? DETAIL_POLL_MS : false },
  );
}

export function useChallengePlayers(id: number, enabled = true) {
  return trpc.challenges.players.useQuery(
    { id },
    { enabled, staleTime: DETAIL_STALE_MS, refetchInterval: DETAIL_POLL_MS },
  );
}

/** Everything that shows a challenge reads again after a change to it. */
function useInvalidateChallenge() {
  const utils = trpc.useUtils();
  return async (id?: number) => {
    await Promise.all([
      utils.challenges.list.invalidate(),
      id === undefined ? utils.challenges.byId.invalidate() : utils.challenges.byId.invalidate({ id }),
      id === undefined ? utils.challenges.players.invalidate() : utils.challenges.players.invalidate({ id }),
      id === undefined ? utils.challenges.courses.invalidate() : utils.challenges.courses.invalidate({ id }),
    ]);
  };
}

export function useCreateChallenge() {
  const utils = trpc.useUtils();
  return trpc.challenges.create.useMutation({ onSuccess: () => utils.challenges.list.invalidate() });
}

export function useUpdateChallenge() {
  const invalidate = useInvalidateChallenge();
  return trpc.challenges.update.useMutation({ onSuccess: (_data, input) => invalidate(Number(input.id)) });
}

export function useDeleteChallenge() {
  const utils = trpc.useUtils();
  return trpc.challenges.delete.useMutation({ onSuccess: () => utils.challenges.list.invalidate() });
}

/** Forgets a deleted challenge's cached reads (call once its page is gone, so nothing refetches them). */
export function useForgetChallenge() {
  const utils = trpc.useUtils();
  return (id: number) => {
    utils.challenges.byId.reset({ id });
    utils.challenges.players.reset({ id });
    utils.challenges.courses.reset({ id });
  };
}

export function useRemovePlayer() {
  const invalidate = useInvalidateChallenge();
  const utils = trpc.useUtils();
  return trpc.challenges.removePlayer.useMutation({
    onSuccess: async (_data, input) => {
      await invalidate(Number(input.id));
      // The leaderboard loses the removed player's birdies.
      await utils.leaderboards.challenge.invalidate({ challengeId: input.id });
    },
  });
}

export function useRegenerateInvite() {
  const utils = trpc.useUtils();
  return trpc.challenges.regenerateInvite.useMutation({
    onSuccess: (_data, input) => utils.challenges.byId.invalidate({ id: input.id }),
  });
}

/** Leaving takes the player out: their lists and boards change, the challenge's own reads go. */
export function useLeaveChallenge() {
  const utils = trpc.useUtils();
  return trpc.challenges.leave.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.challenges.list.invalidate(), utils.leaderboards.invalidate()]);
    },
  });
}

export function useTransferChallenge() {
  const invalidate = useInvalidateChallenge();
  return trpc.challenges.transfer.useMutation({ onSuccess: (_data, input) => invalidate(Number(input.id)) });
}

/** Mails the challenge's invitation link to a few addresses (the invite card). */
export function useInviteByEmail() {
  return trpc.invites.sendByEmail.useMutation();
}

/** Whether this server sends e-mail (the same query as the recovery dialog's: fetched once). */
export function useServerSendsMail(): { mailEnabled: boolean; isLoading: boolean } {
  const { data, isLoading } = trpc.config.get.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return { mailEnabled: data?.mailEnabled ?? false, isLoading };
}
