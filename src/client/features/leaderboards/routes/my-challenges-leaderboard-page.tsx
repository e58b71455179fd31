import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function MyChallengesLeaderboardPage() {
  return <PlaceholderPage title="My Rankings" description="Your rank in each of your challenges." />;
}
