import type { HTMLAttributes, KeyboardEvent, ReactNode } from "react";

// Tabs as the ARIA pattern has them (WCAG 4.1.2, 2.1.1): one tab stop for the whole tablist
// (roving tabindex), Left/Right arrows (wrapping), Home and End move and select, and every tab's
// aria-controls names a tabpanel that is in the page. Only the selected panel has content; the
// others are empty and hidden, so their tabs still point at something real.

export type TabItem<T extends string> = { id: T; label: ReactNode };

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

type TabListProps<T extends string> = {
  /** Prefix of the tabs' and panels' ids; unique on the page. */
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className?: string;
  tabClassName?: string;
};

export function TabList<T extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  className = "",
  tabClassName = "",
}: TabListProps<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const next = target === null ? undefined : tabs[target]?.id;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(idPrefix, next))?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const isSelected = t.id === selected;
        return (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix, t.id)}
            tabIndex={isSelected ? 0 : -1}
            className={`tab ${tabClassName} ${isSelected ? "tab-active" : ""}`}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

type TabPanelsProps<T extends string> = Omit<HTMLAttributes<HTMLDivElement>, "id" | "role"> & {
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  /** The selected tab's content. */
  children: ReactNode;
};

/** The selected tab's panel, plus an empty hidden panel for each other tab. */
export function TabPanels<T extends string>({ idPrefix, tabs, selected, children, ...panelProps }: TabPanelsProps<T>) {
  return (
    <>
      {tabs.map((t) =>
        t.id === selected ? (
          <div
            key={t.id}
            {...panelProps}
            role="tabpanel"
            id={panelId(idPrefix, t.id)}
            aria-labelledby={tabId(idPrefix, t.id)}
          >
            {children}
          </div>
        ) : (
          <div key={t.id} role="tabpanel" id={panelId(idPrefix, t.id)} aria-labelledby={tabId(idPrefix, t.id)} hidden />
        ),
      )}
    </>
  );
}
