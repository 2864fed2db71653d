import { describe, expect, it } from 'vitest';
import { gradeHealth, healthThresholds } from './admin-analytics.service.ts';

const calm = { eventLoopP99Ms: 12, heapPercent: 30, requests: 500, errors: 0, databaseUp: true };

describe('server health (analytics screen)', () => {
  it('is healthy when every figure is under its warning threshold', () => {
    expect(gradeHealth(calm)).toEqual({ health: 'healthy', reasons: [] });
  });

  it('warns, then turns critical, at the stated thresholds', () => {
    const t = healthThresholds;
    expect(gradeHealth({ ...calm, eventLoopP99Ms: t.eventLoopP99Ms.warning - 1 }).health).toBe('healthy');
    expect(gradeHealth({ ...calm, eventLoopP99Ms: t.eventLoopP99Ms.warning }).health).toBe('warning');
    expect(gradeHealth({ ...calm, eventLoopP99Ms: t.eventLoopP99Ms.critical }).health).toBe('critical');
    expect(gradeHealth({ ...calm, heapPercent: t.heapPercent.warning }).health).toBe('warning');
    expect(gradeHealth({ ...calm, heapPercent: t.heapPercent.critical }).health).toBe('critical');
    expect(gradeHealth({ ...calm, requests: 100, errors: 2 })).toEqual({
      health: 'warning',
      reasons: ['2% of answers were server errors (warning from 2)'],
    });
    expect(gradeHealth({ ...calm, requests: 100, errors: 10 }).health).toBe('critical');
    expect(gradeHealth({ ...calm, databaseUp: false }).reasons).toEqual(['The database does not answer']);
  });

  it('does not judge an error rate on a handful of requests', () => {
    expect(gradeHealth({ ...calm, requests: healthThresholds.minRequestsForErrorRate - 1, errors: 5 }).health).toBe(
      'healthy',
    );
  });

  it('reports the worst figure', () => {
    const graded = gradeHealth({ ...calm, eventLoopP99Ms: 150, heapPercent: 95 });
    expect(graded.health).toBe('critical');
    expect(graded.reasons).toHaveLength(2);
  });
});
