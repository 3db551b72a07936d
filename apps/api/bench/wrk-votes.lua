-- wrk script for the votes. Every request is a new voter: its own signed cookie and its own
-- X-Forwarded-For, one line of the voter file (made by bench/wrk.ts; thread k of n takes lines
-- k, k+n, ...). Votes are sent for `seconds`; after that delay() keeps every connection idle until
-- wrk stops, so each vote sent is answered before the end and the count check can be exact.
-- args: voter-file path body seconds threads
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *ts);
]]
local ts = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) * 1e-9
end

local threads = {}
function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

-- Per thread (globals, so done() can read them with thread:get).
issued, answered, first, last, status, exhausted = 0, 0, 0, 0, {}, 0
local voters, path, body, seconds, stop_at = {}, nil, nil, 0, nil

function init(args)
  local file, n
  file, path, body, seconds, n = args[1], args[2], args[3], tonumber(args[4]), tonumber(args[5])
  local i = 0
  for line in io.lines(file) do
    if i % n == tid then table.insert(voters, line) end
    i = i + 1
  end
end

function delay()
  if not stop_at then
    first = now()
    stop_at = first + seconds
  end
  if now() >= stop_at or issued >= #voters then return 3600000 end
  return 0
end

function request()
  -- wrk calls request() once after init to check the script (no connection sends that one).
  if not stop_at then return wrk.format("GET", "/") end
  issued = issued + 1
  local v = voters[issued]
  if not v then
    -- More connections passed delay() than voters were left: repeat the last voter (refused, 403).
    exhausted = exhausted + 1
    v = voters[#voters]
  end
  local cookie, ip = v:match("([^\t]+)\t(.+)")
  return wrk.format("POST", path, { ["Content-Type"] = "application/json", ["Cookie"] = cookie, ["X-Forwarded-For"] = ip }, body)
end

function response(code, headers, b)
  answered = answered + 1
  last = now()
  status[code] = (status[code] or 0) + 1
end

function done(summary, latency, requests)
  local iss, ans, f, l, st, ex = 0, 0, math.huge, 0, {}, 0
  for _, t in ipairs(threads) do
    iss, ans, ex = iss + t:get("issued"), ans + t:get("answered"), ex + t:get("exhausted")
    local tf, tl = t:get("first"), t:get("last")
    if tf > 0 and tf < f then f = tf end
    if tl > l then l = tl end
    for code, c in pairs(t:get("status")) do st[code] = (st[code] or 0) + c end
  end
  local parts = {}
  for code, c in pairs(st) do table.insert(parts, string.format('"%d":%d', code, c)) end
  local e = summary.errors
  io.write(string.format(
    'BENCH {"issued":%d,"answered":%d,"seconds":%.6f,"p99":%.3f,"status":{%s},"errors":%d,"exhausted":%d}\n',
    iss, ans, (ans > 0 and l - f or 0), latency:percentile(99) / 1000, table.concat(parts, ","),
    e.connect + e.read + e.write + e.timeout, ex))
end
