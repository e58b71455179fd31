import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function InvitePage() {
  return <PlaceholderPage title="You've Been Invited to Join" description="Birdie all 18 holes with your friends. The player with the most unique holes birdied wins." />;
}
