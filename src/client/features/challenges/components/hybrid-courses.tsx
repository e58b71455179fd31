import { useState } from "react";
import { PlusIcon, XIcon } from "../../../components/ui/icons";
import {
  type ChallengeFormValues,
  courseNameError,
  distinctCourseNames,
  type FieldErrors,
} from "../lib/challenge-form";
import { CourseNameField } from "./course-name-field";

type HybridCoursesProps = {
  values: ChallengeFormValues;
  errors: FieldErrors;
  onChange: <K extends keyof ChallengeFormValues>(field: K, value: ChallengeFormValues[K]) => void;
};

/** Hybrid mode on create: any number of courses (none means any course counts). */
export function HybridCourses({ values, errors, onChange }: HybridCoursesProps) {
  const [addError, setAddError] = useState<string | null>(null);

  function add() {
    const problem = courseNameError(values.courseName);
    if (problem) {
      setAddError(problem);
      return;
    }
    setAddError(null);
    onChange("courseNames", distinctCourseNames([...values.courseNames, values.courseName]));
    onChange("courseName", "");
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">
        Course names <span className="font-normal text-base-content/60">(optional)</span>
      </legend>
      {values.courseNames.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Added courses">
          {values.courseNames.map((name) => (
            <li key={name} className="badge badge-lg badge-outline max-w-full gap-1 pr-1">
              <span className="wrap-anywhere">{name}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-circle"
                aria-label={`Remove ${name}`}
                onClick={() =>
                  onChange(
                    "courseNames",
                    values.courseNames.filter((n) => n !== name),
                  )
                }
              >
                <XIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-base-content/70">No courses added: birdies on any course count.</p>
      )}
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <CourseNameField
            label="Add a course"
            placeholder="Course name"
            value={values.courseName}
            onChange={(v) => {
              onChange("courseName", v);
              setAddError(null);
            }}
            onCommit={add}
            error={addError ?? errors.courseName}
          />
        </div>
        <button type="button" className="btn btn-outline btn-primary mt-6.5" onClick={add} aria-label="Add course">
          <PlusIcon className="text-lg" />
          <span className="hidden sm:inline">Add</span>
        </button>
      </div>
    </fieldset>
  );
}
