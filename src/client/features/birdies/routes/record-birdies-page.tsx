import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function RecordBirdiesPage() {
  return <PlaceholderPage title="Record Birdies" description="Mark the holes you birdied or eagled and have your playing partner verify them." />;
}
