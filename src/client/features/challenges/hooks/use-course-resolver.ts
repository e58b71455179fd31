import { normaliseCourseName } from "../../../../shared/domain/challenge-courses";
import type { Course } from "../../../../shared/schemas/courses";
import { isConflict } from "../../../lib/error-codes";
import { trpc } from "../../../lib/trpc";

/**
 * Finds a course by name (any letter case) or creates it. docs/product/api.md#post-apicourses: a
 * 'Course already exists' answer (someone created it in between) leads to searching again.
 */
export function useCourseResolver() {
  const utils = trpc.useUtils();
  const create = trpc.courses.create.useMutation();

  async function findExact(name: string): Promise<Course | null> {
    // The vanilla client on purpose: a cached search could predate the course being created.
    const found = await utils.client.courses.search.query({ q: name });
    return found.find((c) => c.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  async function resolveCourse(rawName: string): Promise<Course> {
    const name = normaliseCourseName(rawName);
    const existing = await findExact(name);
    if (existing) return existing;
    try {
      const created = await create.mutateAsync({ name });
      void utils.courses.search.invalidate();
      return created;
    } catch (error) {
      if (!isConflict(error)) throw error;
      const again = await findExact(name);
      if (again) return again;
      throw error;
    }
  }

  return { resolveCourse, isResolving: create.isPending };
}

/** Course suggestions for the course-name fields (names starting with the text come first). */
export function useCourseSuggestions(text: string) {
  const q = normaliseCourseName(text);
  return trpc.courses.search.useQuery(
    { q },
    { enabled: q.length >= 2, staleTime: 30_000, placeholderData: (previous) => previous },
  );
}
