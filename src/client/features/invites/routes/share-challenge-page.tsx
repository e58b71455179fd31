import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function ShareChallengePage() {
  return <PlaceholderPage title="Challenge Preview" description="A preview of the challenge you were invited to." />;
}
