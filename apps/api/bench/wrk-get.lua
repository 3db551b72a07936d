-- wrk script for the reads: no per-request Lua (wrk's fast path), one summary line at the end
-- that bench/wrk.ts reads.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"seconds":%.6f,"p99":%.3f,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(99) / 1000, e.status,
    e.connect + e.read + e.write + e.timeout))
end
