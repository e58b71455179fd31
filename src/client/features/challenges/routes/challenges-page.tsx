import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function ChallengesPage() {
  return <PlaceholderPage title="My Challenges" description="Your active, upcoming and past challenges will appear here." />;
}
