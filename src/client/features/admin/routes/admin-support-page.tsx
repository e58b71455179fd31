import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function AdminSupportPage() {
  return <PlaceholderPage title="Support Inbox" description="Support requests from players, by type and status." />;
}
