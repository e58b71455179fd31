import { Link, useParams } from "react-router";
import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function EditChallengePage() {
  const { id = "" } = useParams();
  return (
    <PlaceholderPage title="Edit Challenge" description="Change the name, dates, courses and rules of your challenge.">
      <Link to={`/challenges/${encodeURIComponent(id)}`} className="btn btn-ghost">
        Back to challenge
      </Link>
    </PlaceholderPage>
  );
}
