import { Hono } from "hono";
import { z } from "zod";
import { courseSearchSchema, createCourseSchema } from "../../../shared/schemas/courses";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params, query } from "../../http/validate";
import * as courses from "./service";

/** The course calls of docs/product/api.md#courses, as thin adapters over the courses service. */
export const coursesRest = new Hono<HonoEnv>()
  .get("/courses/search", signedInOnly, query(courseSearchSchema), async (c) =>
    c.json(await courses.searchCourses(signedIn(c), c.req.valid("query"))),
  )
  .post("/courses", signedInOnly, body(createCourseSchema), async (c) =>
    c.json(await courses.createCourse(signedIn(c), c.req.valid("json")), 201),
  )
  .get("/courses/:id", signedInOnly, params(z.object({ id: idParam("course") })), async (c) =>
    c.json(await courses.getCourse(signedIn(c), c.req.valid("param"))),
  );
