import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function PwaInfoPage() {
  return <PlaceholderPage title="Install Birdie Challenge" description="Add Birdie Challenge to your home screen for quick, app-like access on the course." />;
}
