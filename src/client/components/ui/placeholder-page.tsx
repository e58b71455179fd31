import type { ReactNode } from "react";

type PlaceholderPageProps = { title: string; description?: string; children?: ReactNode };

/** A titled page whose content arrives in a later release. */
export function PlaceholderPage({
  title,
  description = "This page is on its way. Check back soon.",
  children,
}: PlaceholderPageProps) {
  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-base-content/70">{description}</p>
      </header>
      {children}
    </section>
  );
}
