import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function AdminUsersPage() {
  return <PlaceholderPage title="Users" description="Search, manage and moderate user accounts." />;
}
