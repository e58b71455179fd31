import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function SupportPage() {
  return <PlaceholderPage title="Support" description="Questions, bugs or ideas? Send us a message and we'll get back to you." />;
}
