"""The marbles-bench pipeline workload in RxPY: a cold marble of N values `a` (= 1) through
map → filter → scan, recorded in virtual time by reactivex.testing's TestScheduler. RxPY's marble grammar reads
`aaa` as one value, so the timeline is built from messages: value 1 at frames 0…N-1, completion
at N (the frames of Marbles' cold("aaa…|")).
Usage: python3 pipeline.py N.  Prints: seconds recorded-events version"""

import sys
import time
from importlib.metadata import version

from reactivex import operators as ops
from reactivex.testing import ReactiveTest, TestScheduler

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
start = time.perf_counter()
scheduler = TestScheduler()
messages = [ReactiveTest.on_next(frame, 1) for frame in range(n)]
source = scheduler.create_cold_observable(messages + [ReactiveTest.on_completed(n)])
pipeline = source.pipe(
    ops.map(lambda x: x * 10),
    ops.filter(lambda x: x % 3 != 0),
    ops.scan(lambda acc, x: acc + x, 0),
)
# (start treats 0 as "use the default", so subscribe at 1.)
observer = scheduler.start(lambda: pipeline, created=1.0, subscribed=1.0, disposed=n + 10.0)
recorded = observer.messages
seconds = time.perf_counter() - start
if len(recorded) != n + 1:
    raise SystemExit(f"recorded {len(recorded)} events, not {n + 1}")
print(f"{seconds:.4f}", len(recorded), version("reactivex"))
