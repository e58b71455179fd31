import { useEffect, useState } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { Dialog } from "../../../components/ui/dialog";
import { toast } from "../../../lib/toast";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import type { LeaderboardUser } from "../../../../shared/schemas/leaderboards";
import {
  HoleDetailsDialog,
  HoleStatusGrid,
  useChallengeProgress,
  usePlayerBirdies,
  holeFieldsFromRecords,
  holeStatuses,
  holesByCourse,
} from "../../birdies/public";
import { handicapText, realName } from "../lib/player-name";

type PlayerBirdiesDialogProps = {
  challengeId: number;
  player: LeaderboardUser | null;
  onClose: () => void;
};

/**
 * Any player's birdies in a challenge (docs/product/routes-and-screens.md#challenge-leaderboard,
 * docs/product/rules.md#roles-and-permissions: anyone viewing a leaderboard may open any player's
 * grid): holes completed, courses played, holes by course and the 18-hole grid.
 */
export function PlayerBirdiesDialog({ challengeId, player, onClose }: PlayerBirdiesDialogProps) {
  const records = usePlayerBirdies(challengeId, player?.id ?? null);
  const challenge = useChallengeProgress(challengeId);
  const [openHole, setOpenHole] = useState<number | null>(null);

  useEffect(() => {
    if (records.isError)
      toast({ title: "Failed to fetch player's birdies", description: records.error.message, variant: "destructive" });
  }, [records.isError, records.error]);

  const list = records.data ?? [];
  const fields = holeFieldsFromRecords(list);
  const courses = holesByCourse(list);
  const name = player ? realName(player) : "";

  return (
    <>
      <Dialog
        placement="panel"
        closeLabel="Close dialog"
        open={player !== null}
        onClose={() => {
          setOpenHole(null);
          onClose();
        }}
        title={`${name}'s Birdies`}
        description={player ? handicapText(player.handicap) : undefined}
        boxClassName="sm:max-w-lg"
      >
        {player && (
          <div className="space-y-5">
            <div className="flex items-center gap-3">
              <Avatar name={name} src={player.profilePicture} size="lg" />
              <div className="min-w-0">
                <p className="break-words text-lg font-semibold">{name}</p>
                <p className="wrap-anywhere text-sm text-base-content/60">@{player.username}</p>
              </div>
            </div>
            {records.isLoading ? (
              <div className="flex justify-center py-8" role="status" aria-label="Loading player data">
                <span className="loading loading-spinner text-primary" aria-hidden="true" />
              </div>
            ) : records.isError ? (
              <p role="alert" className="text-sm text-error">
                Failed to load player data
              </p>
            ) : (
              <>
                <div className="grid grid-cols-2 gap-3">
                  <div className="rounded-box bg-base-200 p-3">
                    <p className="text-xs text-base-content/60">Holes Completed</p>
                    <p className="text-xl font-bold" data-testid="player-holes-completed">
                      {fields.distinctHoles} / {HOLES_PER_CHALLENGE}
                    </p>
                  </div>
                  <div className="rounded-box bg-base-200 p-3">
                    <p className="text-xs text-base-content/60">Courses Played</p>
                    <p className="text-xl font-bold" data-testid="player-courses-played">
                      {courses.length}
                    </p>
                  </div>
                </div>
                <HoleStatusGrid
                  holes={holeStatuses(fields, list)}
                  allowMultipleBirdies={challenge.data?.allowMultipleBirdies ?? false}
                  onHoleClick={setOpenHole}
                  label={`${name}'s holes`}
                />
                <section aria-label="Holes by course">
                  <h3 className="text-sm font-semibold">Holes by Course</h3>
                  {courses.length === 0 ? (
                    <p className="mt-1 text-sm text-base-content/70">No birdies recorded yet.</p>
                  ) : (
                    <ul className="mt-2 space-y-2">
                      {courses.map((c) => (
                        <li key={c.courseName} className="rounded-box border border-base-300 p-3">
                          <p className="break-words text-sm font-medium">{c.courseName}</p>
                          <p className="mt-1 text-xs text-base-content/70">
                            {c.holes.length} {c.holes.length === 1 ? "hole" : "holes"}: {c.holes.join(", ")}
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </>
            )}
          </div>
        )}
      </Dialog>
      <HoleDetailsDialog
        hole={openHole}
        records={list}
        creatorId={challenge.data?.creatorId}
        onClose={() => setOpenHole(null)}
      />
    </>
  );
}
