// The marbles-bench pipeline workload in RxJS 7: a cold marble of N values `a` (= 1) through
// map → filter → scan, recorded in virtual time by a TestScheduler in run mode.
// Usage: node pipeline.mjs N  (Debian's rxjs is in /usr/share/nodejs; NODE_PATH for another).
// Prints: seconds recorded-events version
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { map, filter, scan } = require("rxjs");
const { TestScheduler } = require("rxjs/testing");
const version = require("rxjs/package.json").version;

const n = Number(process.argv[2] ?? 1000);
const marble = "a".repeat(n) + "|";
const start = performance.now();
const recorded = [];
const scheduler = new TestScheduler(() => {});
scheduler.run(({ cold }) => {
  cold(marble, { a: 1 })
    .pipe(map((x) => x * 10), filter((x) => x % 3 !== 0), scan((acc, x) => acc + x, 0))
    .subscribe({
      next: (value) => recorded.push({ frame: scheduler.now(), value }),
      complete: () => recorded.push({ frame: scheduler.now(), complete: true }),
    });
});
const seconds = (performance.now() - start) / 1000;
if (recorded.length !== n + 1) throw new Error(`recorded ${recorded.length} events, not ${n + 1}`);
console.log(seconds.toFixed(4), recorded.length, version);
