-- wrk script for reads from many clients, as a city's visitors: each request names another of
-- 65,536 addresses in X-Forwarded-For (the API believes one proxy hop, TRUST_PROXY=1), so the
-- per-client rate limit keeps its default and never trips. The summary line is wrk-get.lua's.
dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'wrk-get.lua')

local n = 0
function request()
  n = n + 1
  wrk.headers['X-Forwarded-For'] = string.format('10.0.%d.%d', math.floor(n / 256) % 256, n % 256)
  return wrk.format()
end
