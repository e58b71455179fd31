import { courseIdSchema, courseSearchSchema, createCourseSchema } from "../../../shared/schemas/courses";
import { protectedProcedure, router } from "../../trpc/init";
import * as courses from "./service";

export const coursesRouter = router({
  search: protectedProcedure.input(courseSearchSchema).query(({ ctx, input }) => courses.searchCourses(ctx, input)),
  byId: protectedProcedure.input(courseIdSchema).query(({ ctx, input }) => courses.getCourse(ctx, input)),
  create: protectedProcedure.input(createCourseSchema).mutation(({ ctx, input }) => courses.createCourse(ctx, input)),
});
