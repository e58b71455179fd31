import { describe, expect, test } from "bun:test";
import { type Toast, toastReducer } from "./toast";

const make = (id: string, open = true): Toast => ({ id, title: `t${id}`, variant: "default", duration: 5000, open });

describe("toastReducer", () => {
  test("adding keeps only the newest toast (limit 1)", () => {
    expect(toastReducer([make("1")], { type: "ADD_TOAST", toast: make("2") }).map((t) => t.id)).toEqual(["2"]);
  });

  test("updating changes only the matching toast", () => {
    const next = toastReducer([make("1")], { type: "UPDATE_TOAST", toast: { id: "1", title: "changed" } });
    expect(next[0].title).toBe("changed");
    expect(toastReducer([make("1")], { type: "UPDATE_TOAST", toast: { id: "9", title: "x" } })[0].title).toBe("t1");
  });

  test("dismissing closes without removing; no id closes all", () => {
    expect(toastReducer([make("1")], { type: "DISMISS_TOAST", toastId: "1" })).toEqual([make("1", false)]);
    expect(toastReducer([make("1"), make("2")], { type: "DISMISS_TOAST" }).every((t) => !t.open)).toBe(true);
  });

  test("removing drops the toast; no id clears everything", () => {
    expect(toastReducer([make("1"), make("2")], { type: "REMOVE_TOAST", toastId: "1" }).map((t) => t.id)).toEqual([
      "2",
    ]);
    expect(toastReducer([make("1")], { type: "REMOVE_TOAST" })).toEqual([]);
  });
});
