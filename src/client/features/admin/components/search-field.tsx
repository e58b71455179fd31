import { useEffect, useId, useState } from "react";
import { SEARCH_MAX } from "../../../../shared/schemas/admin";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";

type SearchFieldProps = {
  label: string;
  placeholder?: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called once typing pauses. */
  onSearch: (value: string) => void;
};

const DEBOUNCE_MS = 300;

export function SearchField({ label, placeholder, value, onSearch }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);

  // Back/forward changes the search in the URL: show it (but keep what is being typed, such as a
  // trailing space, when it already searches for the same thing).
  useEffect(() => setText((typed) => (typed.trim() === value.trim() ? typed : value)), [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the typed text searches
  useEffect(() => {
    // Only a settled change of the typed text searches (not a new `value` or `onSearch` identity).
    if (debounced.trim() !== value.trim()) onSearch(debounced.trim());
  }, [debounced]);

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <label className="input w-full">
        <svg
          viewBox="0 0 24 24"
          className="size-4 shrink-0 opacity-60"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id={id}
          type="search"
          className="grow"
          placeholder={placeholder}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches at once rather than after the pause.
            if (e.key === "Enter") onSearch(text.trim());
          }}
        />
      </label>
    </div>
  );
}
