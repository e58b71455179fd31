import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function AchievementsPage() {
  return <PlaceholderPage title="Achievements" description="Milestones and specialty badges you have earned, and the ones still waiting." />;
}
