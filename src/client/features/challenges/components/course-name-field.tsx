import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useCourseSuggestions } from "../hooks/use-course-resolver";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";

type CourseNameFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  placeholder?: string;
  /** Enter without a highlighted suggestion (hybrid mode adds the course). */
  onCommit?: () => void;
};

const MAX_SUGGESTIONS = 6;

/**
 * A course name with suggestions of known courses (ARIA combobox). Any name may be typed: an
 * unknown course is created when the form is saved.
 */
export function CourseNameField({
  label,
  value,
  onChange,
  error,
  hint,
  optional = false,
  placeholder,
  onCommit,
}: CourseNameFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value, 250);
  const { data } = useCourseSuggestions(query);
  const typed = value.trim().toLowerCase();
  const suggestions = (data ?? []).filter((c) => c.name.toLowerCase() !== typed).slice(0, MAX_SUGGESTIONS);
  const showList = open && typed.length >= 2 && suggestions.length > 0;

  function choose(name: string) {
    onChange(name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      if (showList && active >= 0 && suggestions[active]) {
        event.preventDefault();
        choose(suggestions[active].name);
      } else if (onCommit) {
        event.preventDefault();
        onCommit();
      }
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="ml-1 font-normal text-base-content/60">(optional)</span>}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input w-full ${error ? "input-error" : ""}`}
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Known courses"
          hidden={!showList}
          className="menu absolute inset-x-0 top-full z-30 mt-1 max-h-60 flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {suggestions.map((course, index) => (
            <li key={course.id} role="presentation">
              <button
                type="button"
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={`block w-full wrap-anywhere text-left ${index === active ? "menu-active" : ""}`}
                // Keep focus in the input so blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(course.name)}
              >
                {course.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
