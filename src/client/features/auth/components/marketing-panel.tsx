import type { ReactNode } from "react";
import { ChartIcon, FlagIcon, MedalIcon, TrophyIcon } from "../../../components/ui/icons";

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Create Challenges",
    text: "Set up a birdie challenge on one course or across several, then invite friends with a link or a PIN.",
    icon: <FlagIcon />,
  },
  {
    title: "Track Progress",
    text: "Record birdies and eagles hole by hole, verified by your playing partner, and watch your card fill up.",
    icon: <ChartIcon />,
  },
  {
    title: "Earn Achievements",
    text: "Unlock milestones from your first birdie to the full set of 18, plus specialty badges along the way.",
    icon: <MedalIcon />,
  },
  {
    title: "Compete",
    text: "Climb the challenge, personal and global leaderboards: a birdie is worth 1 point, an eagle 3.",
    icon: <TrophyIcon />,
  },
];

export function MarketingPanel() {
  return (
    <section
      aria-labelledby="marketing-title"
      className="relative overflow-hidden rounded-box bg-gradient-to-br from-primary to-secondary p-6 text-primary-content shadow-lg sm:p-8 lg:p-10"
    >
      {/* Decorative rings suggest a green without an image download. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full border-[28px] border-white/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-20 -left-10 size-48 rounded-full bg-white/5"
      />
      <div className="relative">
        <h2 id="marketing-title" className="text-2xl font-bold leading-tight sm:text-3xl">
          Birdie all 18 holes.
          <br />
          Bring your friends.
        </h2>
        <p className="mt-3 max-w-prose text-primary-content/85">
          Birdie Challenge turns every round into a race for the full card. Start a challenge, play your game and let
          the leaderboard do the talking.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 text-xl">
                {feature.icon}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="text-sm text-primary-content/80">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
