-- wrk's `done` hook for scripts/bench/run.ts: one JSON line with exact counts (latency in µs), so
-- the bench does not parse wrk's rounded human-readable report.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'BENCH {"requests":%.0f,"durationUs":%.0f,"p99Us":%.0f,' ..
      '"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f}\n',
    summary.requests, summary.duration, latency:percentile(99),
    errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
