import { describe, expect, it } from "vitest";
import { loopMove } from "./carousel";

// Four testimonials: one a view on a phone (the row scrolls to slot 3), two on a wide screen (slot 2).
describe("loopMove", () => {
  it("scrolls within the row without rotating", () => {
    expect(loopMove({ first: 0, position: 1 }, 2, 3, 4)).toEqual({ first: 0, jumpTo: 1, position: 2 });
  });

  it("past the last slot moves the first slide to the end, jumps back one and scrolls on", () => {
    // Phone, testimonial 4 showing: next shows testimonial 1 (slide 1 + position 3, wrapped).
    expect(loopMove({ first: 0, position: 3 }, 4, 3, 4)).toEqual({ first: 1, jumpTo: 2, position: 3 });
    // Wide, testimonials 3 and 4 showing: next shows 4 and 1.
    expect(loopMove({ first: 0, position: 2 }, 3, 2, 4)).toEqual({ first: 1, jumpTo: 1, position: 2 });
  });

  it("before the first slot moves the last slide to the front, jumps on one and scrolls back", () => {
    // Testimonial 1 showing: previous shows testimonial 4 (slide 3 first, position 0).
    expect(loopMove({ first: 0, position: 0 }, -1, 3, 4)).toEqual({ first: 3, jumpTo: 1, position: 0 });
    expect(loopMove({ first: 3, position: 0 }, -1, 2, 4)).toEqual({ first: 2, jumpTo: 1, position: 0 });
  });

  it("a dot past the row's end (wide screen) rotates by as many slides as it lies beyond", () => {
    // Wide, testimonials 1 and 2 showing (first 0, position 0): dot 4 is slot 3, one past slot 2.
    // The row cannot jump to before its start (-1): this one move shows the rotation for a moment.
    expect(loopMove({ first: 0, position: 0 }, 3, 2, 4)).toEqual({ first: 1, jumpTo: -1, position: 2 });
  });
});
