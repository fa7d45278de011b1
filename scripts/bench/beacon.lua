-- wrk script for scripts/bench/analytics.ts: POST a page-view beacon as a browser sends it, then
-- report exact counts (as wrk-report.lua; `status` counts answers of 400 and above). A second
-- argument, in milliseconds, is a pause before each request: a steady stream instead of a flood.
local origin = nil

init = function(args)
  origin = args[1]
  local pause = tonumber(args[2])
  if pause then
    delay = function()
      return pause
    end
  end
end

request = function()
  local body = '{"path":"/bootcamp","referrer":"https://www.google.com/","utmSource":"bench"}'
  return wrk.format("POST", "/api/analytics/view", {
    ["Content-Type"] = "application/json",
    ["Origin"] = origin,
    ["Sec-Fetch-Site"] = "same-origin",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  }, body)
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'BENCH {"requests":%.0f,"durationUs":%.0f,"p99Us":%.0f,' ..
      '"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f}\n',
    summary.requests, summary.duration, latency:percentile(99),
    errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
