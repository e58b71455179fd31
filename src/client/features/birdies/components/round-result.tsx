import { useEffect, useRef } from "react";
import { Link } from "../../../lib/router";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import { pointsFor } from "../../../../shared/domain/scoring";
import type { Achievement } from "../../../../shared/schemas/achievements";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { absoluteUrl, copyText, nativeShare } from "../../../lib/clipboard";
import { pointsText } from "../../../lib/points";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../lib/toast";
import { AchievementIcon } from "../../achievements/public";

export type RoundResultData = {
  challengeId: number;
  challengeName: string;
  records: BirdieRecord[];
  birdies: number;
  eagles: number;
  newAchievements: Achievement[];
};

/** "3 (birdie), 5 (eagle)": the holes of the round in hole order. */
function holesText(records: readonly BirdieRecord[]): string {
  return [...records]
    .sort((a, b) => a.holeNumber - b.holeNumber)
    .map((r) => `${r.holeNumber} (${r.type})`)
    .join(", ");
}

/**
 * After a recorded round (docs/product/routes-and-screens.md#record-birdies): what the round did
 * (holes, points), where it leaves the golfer (rank and x/18, read fresh after the record), each
 * achievement it unlocked with its badge and a small celebration (still under
 * prefers-reduced-motion), and the ways on: View Challenge, Record Another Round, Share.
 */
export function RoundResult({ result, onAnother }: { result: RoundResultData; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user } = useCurrentUser();
  const progress = trpc.challenges.byId.useQuery({ id: result.challengeId });
  const board = trpc.leaderboards.challenge.useQuery({ challengeId: result.challengeId });
  // Records that wait for the partner's confirmation under requireConfirmation score once confirmed.
  const points = result.records.filter((r) => r.counted).reduce((sum, r) => sum + pointsFor(r.score), 0);
  const waiting = result.records.filter((r) => r.verificationStatus === "pending");
  const me = board.data?.find((e) => e.user.id === user?.id);
  const distinct = progress.data ? new Set([...progress.data.birdiedHoles, ...progress.data.eagleHoles]).size : null;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function share() {
    const url = absoluteUrl(`/challenges/${result.challengeId}`);
    const text = `I just recorded ${result.birdies + result.eagles} ${result.birdies + result.eagles === 1 ? "hole" : "holes"} in ${result.challengeName} on Birdie Challenge.`;
    const outcome = await nativeShare({ title: "Birdie Challenge", text, url });
    if (outcome === "unavailable") {
      const copied = await copyText(`${text} ${url}`);
      toast(copied ? { title: "Link copied" } : { title: "Could not copy the link", variant: "destructive" });
    }
  }

  return (
    <section
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="round-result-title"
      data-testid="round-result"
    >
      <div className="card-body gap-5 p-4 sm:p-6">
        <div>
          <h2 id="round-result-title" ref={headingRef} tabIndex={-1} className="card-title text-lg outline-none">
            Round Recorded
          </h2>
          <p className="mt-1 text-sm text-base-content/70">{result.challengeName}</p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-box bg-base-200/60 p-4 text-sm">
          <dt className="text-base-content/70">Holes</dt>
          <dd className="font-medium" data-testid="result-holes">
            {holesText(result.records)}
          </dd>
          <dt className="text-base-content/70">Points</dt>
          <dd className="font-medium" data-testid="result-points">
            +{pointsText(points)}
          </dd>
          {waiting.length > 0 && (
            <>
              <dt className="text-base-content/70">Partner</dt>
              <dd className="font-medium" data-testid="result-waiting">
                Waiting for {waiting[0]?.verifiedBy.name} to confirm
                {waiting.some((r) => !r.counted) ? " (counts once confirmed)" : ""}
              </dd>
            </>
          )}
          <dt className="text-base-content/70">Rank</dt>
          <dd className="font-medium" data-testid="result-rank">
            {me ? `#${me.rank} of ${board.data?.length ?? 0}` : "..."}
          </dd>
          <dt className="text-base-content/70">Progress</dt>
          <dd className="font-medium" data-testid="result-progress">
            {distinct === null ? "..." : `${distinct}/${HOLES_PER_CHALLENGE} holes`}
          </dd>
        </dl>
        {result.newAchievements.length > 0 && (
          <div className="space-y-2">
            <h3 className="font-semibold">
              {result.newAchievements.length === 1
                ? "Achievement Unlocked"
                : `${result.newAchievements.length} Achievements Unlocked`}
            </h3>
            <ul className="space-y-2" data-testid="result-achievements">
              {result.newAchievements.map((a, i) => (
                <li
                  key={a.id}
                  className="flex items-center gap-3 rounded-box border border-base-300 p-3 motion-safe:animate-[celebrate_600ms_ease-out_both]"
                  style={{ animationDelay: `${i * 150}ms` }}
                >
                  <AchievementIcon achievementType={a.achievementType} icon={a.icon} earned size="md" />
                  <div>
                    <p className="font-semibold">{a.name}</p>
                    <p className="text-sm text-base-content/70">{a.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={() => void share()}>
            Share
          </button>
          <button type="button" className="btn btn-outline btn-primary" onClick={onAnother}>
            Record Another Round
          </button>
          <Link to={`/challenges/${result.challengeId}`} className="btn btn-primary">
            View Challenge
          </Link>
        </div>
      </div>
    </section>
  );
}
