-- wrk script: the storefront-page scenario as bench/src/scenarios.ts sends it (a browser's headers), for checking the
-- autocannon harness against an independent load generator (issue 43):
--   wrk -t2 -c50 -d8s -s bench/wrk/storefront-page.lua http://127.0.0.1:PORT
wrk.method = "POST"
wrk.path = "/api/public/shop/inventory"
wrk.body = '{"subdomain":"bench-shop","page":"3"}'
wrk.headers["content-type"] = "application/json"
wrk.headers["accept"] = "*/*"
wrk.headers["accept-encoding"] = "gzip, deflate, br"
wrk.headers["accept-language"] = "en-US,en;q=0.9"
wrk.headers["user-agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
wrk.headers["sec-fetch-mode"] = "cors"
wrk.headers["sec-fetch-site"] = "same-origin"
wrk.headers["sec-fetch-dest"] = "empty"

done = function(summary, latency, requests)
  io.write(string.format("wrk: %d requests in %.1f s, %.0f req/s, p50 %.1f ms, p99 %.1f ms, %d errors\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
