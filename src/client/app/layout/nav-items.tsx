import type { ReactNode } from "react";
import { ChartIcon, FlagIcon, HomeIcon, MedalIcon, TargetIcon, UserIcon } from "../../components/ui/icons";

export type NavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

// The desktop top navigation and the phone bottom bar name the same places differently
// (docs/product/routes-and-screens.md#signed-in-layout).
export const TOP_NAV: NavItem[] = [
  { to: "/", label: "Dashboard", icon: <HomeIcon />, end: true },
  { to: "/challenges", label: "My Challenges", icon: <FlagIcon /> },
  { to: "/record-birdies", label: "Record Birdies", icon: <TargetIcon /> },
  { to: "/achievements", label: "Achievements", icon: <MedalIcon /> },
  { to: "/leaderboard", label: "Leaderboards", icon: <ChartIcon /> },
];

export const BOTTOM_NAV: NavItem[] = [
  { to: "/", label: "Home", icon: <HomeIcon />, end: true },
  { to: "/challenges", label: "Challenges", icon: <FlagIcon /> },
  { to: "/record-birdies", label: "Record", icon: <TargetIcon /> },
  { to: "/achievements", label: "Achieve", icon: <MedalIcon /> },
  { to: "/leaderboard", label: "Leaderboard", icon: <ChartIcon /> },
  { to: "/profile", label: "Profile", icon: <UserIcon /> },
];
