import { Link, useParams } from "react-router";
import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function ChallengeDetailPage() {
  const { id = "" } = useParams();
  return (
    <PlaceholderPage title="Challenge Details" description="Progress, players and rules of this challenge.">
      <div className="flex flex-wrap gap-2">
        <Link to={`/record-birdies/${encodeURIComponent(id)}`} className="btn btn-primary">
          Record Birdie
        </Link>
        <Link to="/challenges" className="btn btn-ghost">
          My Challenges
        </Link>
      </div>
    </PlaceholderPage>
  );
}
