import { Hono } from "hono";
import { actingUser, idParam, jsonBody } from "../../http/rest-helpers";
import { serviceContext } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import * as courses from "./service";

/** SPEC.md §7 course calls, as thin adapters over the courses service. */
export const coursesRest = new Hono<HonoEnv>()
  .get("/courses/search", async (c) => {
    actingUser(c);
    return c.json(await courses.searchCourses(serviceContext(c).db, { q: c.req.query("q") ?? "" }));
  })
  .post("/courses", async (c) => {
    const user = actingUser(c);
    return c.json(
      await courses.createCourse(c.get("deps"), serviceContext(c).db, user.id, (await jsonBody(c)) as never),
      201,
    );
  })
  .get("/courses/:id", async (c) => {
    actingUser(c);
    return c.json(await courses.getCourse(serviceContext(c).db, idParam(c.req.param("id"), "course")));
  });
