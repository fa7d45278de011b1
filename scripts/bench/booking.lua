-- wrk script for scripts/bench/booking.ts: every request POSTs a complete booking form for its own
-- slot (date × hourly start time) and its own e-mail address, as a browser on the site would
-- (url-encoded, with the site's Origin). Arguments after `--`: the site's origin, the first slot
-- number to use, and a file with one bookable date (YYYY-MM-DD) per line.
-- `done` prints one JSON line: wrk's exact counts (latency in µs) and how the server answered.

local times = { "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00" }
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local function encode(value)
  return (value:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function init(args)
  origin = args[1]
  first_slot = tonumber(args[2])
  dates = {}
  for line in io.lines(args[3]) do table.insert(dates, line) end
  booked, refused, other, sent = 0, 0, 0, 0
end

function request()
  -- The bench runs one wrk thread (-t1): slots are handed out in order, never twice.
  local slot = first_slot + sent
  sent = sent + 1
  local date = dates[math.floor(slot / #times) % #dates + 1]
  local body = table.concat({
    "firstName=Bench", "lastName=Marker",
    "email=" .. encode("bench-" .. slot .. "@example.com"),
    "phone=" .. encode("316-555-0100"),
    "sessionDate=" .. date,
    "sessionTime=" .. encode(times[slot % #times + 1]),
    "sessionDuration=60",
    "projectType=" .. encode("Process Optimization"),
    "projectDescription=" .. encode("Load test booking: spindle utilisation review."),
    "experienceLevel=beginner",
  }, "&")
  -- Each request from its own client address (loopback is the trusted proxy), as many visitors
  -- would: the site's rate limit (20 bookings per client an hour) counts them apart, and every
  -- request still pays for the limiter's two counters.
  local client = string.format("10.%d.%d.%d", math.floor(slot / 65536) % 256, math.floor(slot / 256) % 256, slot % 256)
  return wrk.format("POST", "/booking", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Origin"] = origin,
    ["X-Forwarded-For"] = client,
  }, body)
end

function response(status, headers, body)
  -- A booking is only a success when it redirects to the confirmation page.
  local location = headers["location"] or headers["Location"]
  if status == 302 and location == "/booking/confirmation" then
    booked = booked + 1
  elseif status == 400 or status == 409 then
    refused = refused + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local counts = { booked = 0, refused = 0, other = 0, sent = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(counts) do counts[name] = counts[name] + thread:get(name) end
  end
  local errors = summary.errors
  io.write(string.format(
    'BENCH {"requests":%.0f,"durationUs":%.0f,"p50Us":%.0f,"p99Us":%.0f,"connect":%.0f,"read":%.0f,"write":%.0f,' ..
      '"status":%.0f,"timeout":%.0f,"booked":%d,"refused":%d,"other":%d,"sent":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors.connect, errors.read, errors.write,
    errors.status, errors.timeout, counts.booked, counts.refused, counts.other, counts.sent))
end
