import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function AdminAnalyticsPage() {
  return <PlaceholderPage title="Analytics" description="Birdies per hole, busiest courses and weekly activity." />;
}
