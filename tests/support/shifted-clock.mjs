// Loaded with `node --import` into a server under test: its clock reads TEST_CLOCK_START (an ISO
// instant) when the process starts and runs on at the normal rate from there, as libfaketime would
// set it. Only Date is moved (new Date(), Date.now()); timers and performance.now() are not.
const start = Date.parse(process.env.TEST_CLOCK_START ?? "");
if (Number.isNaN(start)) throw new Error(`TEST_CLOCK_START must be an ISO instant (got "${process.env.TEST_CLOCK_START}")`);
const RealDate = Date;
const offset = start - RealDate.now();
const now = () => RealDate.now() + offset;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
  get: (target, property, receiver) => (property === "now" ? now : Reflect.get(target, property, receiver)),
});
