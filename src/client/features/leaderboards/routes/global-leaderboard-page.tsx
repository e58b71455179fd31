import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function GlobalLeaderboardPage() {
  return <PlaceholderPage title="Global Leaderboard" description="The top birdie hunters across every challenge." />;
}
