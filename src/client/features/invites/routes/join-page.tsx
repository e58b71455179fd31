import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function JoinPage() {
  return <PlaceholderPage title="Join a Challenge" description="Enter the PIN your friend shared to join their challenge." />;
}
