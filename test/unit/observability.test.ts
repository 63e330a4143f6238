import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logSink, readableLine } from '#shared/log';
import { runScheduled } from '#shared/scheduled';
import { recordScanResult, recordScoringState } from '#shared/metrics';

describe('logs', () => {
  const write = logSink.write;
  const level = process.env.LOG_LEVEL;
  afterEach(() => {
    logSink.write = write;
    process.env.LOG_LEVEL = level;
  });

  function capture(): Record<string, unknown>[] {
    const lines: Record<string, unknown>[] = [];
    process.env.LOG_LEVEL = 'info';
    logSink.write = (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) > 0;
    return lines;
  }

  it('writes one JSON line per event with the level, message, request id and route', () => {
    const lines = capture();
    createLogger({ requestId: 'r-1', route: 'GetTeam' }).info('request', { status: 200, role: 'service' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'INFO', message: 'request', requestId: 'r-1', route: 'GetTeam', status: 200, role: 'service', service: 'scoring' });
    expect(typeof lines[0]!.timestamp).toBe('string');
  });

  it('never writes a token or a signature, whoever passes one', () => {
    const lines = capture();
    const token = `ccdc_0123abcd_${'x'.repeat(43)}`;
    const signature = 'AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/execute-api/aws4_request, SignedHeaders=host, Signature=' + 'a'.repeat(64);
    createLogger({ requestId: 'r-2' }).warn(`saw Bearer ${token}`, {
      authorization: signature,
      headers: { authorization: `Bearer ${token}` },
      adminToken: token,
      note: signature,
      tokenId: '0123abcd',
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(token);
    expect(text).not.toContain('a'.repeat(64));
    expect(lines[0]!.tokenId).toBe('0123abcd');
  });

  it('is silent with LOG_LEVEL=silent, and readable for the local server', () => {
    const lines = capture();
    process.env.LOG_LEVEL = 'silent';
    createLogger({}).error('nothing');
    expect(lines).toEqual([]);
    const line = JSON.stringify({ level: 'INFO', message: 'request', timestamp: '2026-01-01T12:00:01.000Z', requestId: 'abcdef123456', status: 200 });
    expect(readableLine(line)).toBe('12:00:01 INFO  request [abcdef12] status=200');
  });

  it('prints a failure on one line: a stack by its first frame, a database outage by its cause', async () => {
    const error = new Error('boom\nsecond line');
    const lines = capture();
    await runScheduled(createLogger({ requestId: 'schedule' }), 'score snapshot', () => Promise.reject(error));
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    await runScheduled(createLogger({ requestId: 'schedule' }), 'score snapshot', () => Promise.reject(outage));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'score snapshot failed', error: 'Error', errorMessage: 'boom\nsecond line' });
    expect(lines[1]).toMatchObject({ message: 'score snapshot failed', error: 'database unavailable', cause: 'unreachable (ECONNREFUSED)' });
    expect(lines[1]).not.toHaveProperty('stack');
    const readable = lines.map((line) => readableLine(JSON.stringify(line)));
    for (const line of readable) expect(line).not.toContain('\n');
    expect(readable[0]).toMatch(/errorMessage=boom\\nsecond line stack=at .*observability\.test\.ts/);
  });
});

describe('metrics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });

  it('emits CloudWatch EMF in Lambda, one line per call, with its dimension', () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'scoring-test-ReportScan';
    recordScanResult('recorded');
    recordScoringState(true, 42);
    const blobs = out.map((line) => JSON.parse(line) as Record<string, any>);
    expect(blobs).toHaveLength(3);
    expect(blobs[0]).toMatchObject({ ScanResults: 1, Outcome: 'recorded', service: 'scoring' });
    expect(blobs[0]!._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Scoring/dev', Dimensions: [expect.arrayContaining(['service', 'Outcome'])] });
    expect(blobs[1]).toMatchObject({ ScoringOpen: 1 });
    expect(blobs[2]).toMatchObject({ SecondsSinceLastScan: 42 });
  });

  it('emits nothing outside Lambda', () => {
    const spy = vi.spyOn(process.stdout, 'write');
    recordScanResult('recorded');
    expect(spy).not.toHaveBeenCalled();
  });
});
