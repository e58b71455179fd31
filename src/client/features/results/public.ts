// What other features may use from results.

/** The challenge detail page's hole legends, with the records CSV and calendar links. */
export { HoleLegendsCard } from "./components/hole-legends-card";
