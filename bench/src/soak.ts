// The soak: mixed traffic at half the measured capacity for a long time (10
// minutes unless BENCH_SOAK_S says otherwise): no errors, and the server's
// memory must not creep up (under 10% growth from the first minute to the last).
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { Scenario } from './scenarios.ts';

export interface SoakRow {
  soak: string;
  capacityRps: number;
  rateRps: number;
  seconds: number;
  requests: number;
  errors: number;
  p99: number;
  rssStartMb: number;
  rssEndMb: number;
  growthPct: number;
}

/** Resident memory of a process now (Linux VmRSS), in MB. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function run(url: string, s: Scenario, duration: number, overallRate?: number) {
  return autocannon({
    url,
    connections: s.connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: s.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: { 'content-type': 'application/json', ...r.headers },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    })),
  });
}

export async function soak(url: string, s: Scenario, pid: number, seconds: number): Promise<SoakRow> {
  const capacity = (await run(url, s, 15)).requests.average;
  const rate = Math.max(1, Math.round(capacity / 2));
  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) }), 2000);
  const result = await run(url, s, seconds, rate);
  clearInterval(sampler);
  const window = Math.min(60, seconds / 4);
  const start = median(samples.filter((x) => x.at <= window).map((x) => x.mb));
  const end = median(samples.filter((x) => x.at >= seconds - window).map((x) => x.mb));
  return {
    soak: s.name,
    capacityRps: Math.round(capacity),
    rateRps: rate,
    seconds,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    p99: result.latency.p99,
    rssStartMb: Math.round(start),
    rssEndMb: Math.round(end),
    growthPct: Number((((end - start) / start) * 100).toFixed(1)),
  };
}
