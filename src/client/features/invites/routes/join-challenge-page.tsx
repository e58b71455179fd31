import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function JoinChallengePage() {
  return <PlaceholderPage title="Join Challenge" description="Checking your invitation..." />;
}
