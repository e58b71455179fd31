import { Link, useParams } from "react-router";
import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function ChallengeLeaderboardPage() {
  const { challengeId = "" } = useParams();
  return (
    <PlaceholderPage title="Challenge Leaderboard" description="Every player of this challenge, ranked by points.">
      <Link to={`/challenges/${encodeURIComponent(challengeId)}`} className="btn btn-ghost">
        View Challenge Details
      </Link>
    </PlaceholderPage>
  );
}
