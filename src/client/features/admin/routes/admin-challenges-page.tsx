import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function AdminChallengesPage() {
  return <PlaceholderPage title="Challenges" description="Browse every challenge, its players and records." />;
}
