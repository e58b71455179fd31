import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function NewChallengePage() {
  return <PlaceholderPage title="Create Challenge" description="Set up a new birdie challenge for you and your friends." />;
}
