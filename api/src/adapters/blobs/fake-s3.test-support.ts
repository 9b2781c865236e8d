/**
 * A small in-process S3 for tests: a node:http server on a free port that keeps objects in a Map,
 * records every request and checks each one the way S3 does — it recomputes the SigV4 signature
 * from the request it received (independently of aws4fetch) and compares the body with its signed
 * SHA-256. Path-style only; `respond` lets a test force an answer (status, XML code, or a hang).
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RecordedS3Request {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Why the fake rejected the signature or body hash, or null when S3 would have accepted it. */
  authProblem: string | null;
}

export type ForcedAnswer = { status: number; code?: string } | 'hang';

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  requests: RecordedS3Request[];
  /** Consulted before normal handling; returning undefined handles the request normally. */
  respond: ((request: RecordedS3Request) => ForcedAnswer | undefined) | null;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** The SigV4 check S3 performs, written from the AWS specification rather than from aws4fetch. */
function checkSignature(options: FakeS3Options, request: RecordedS3Request): string | null {
  const match = AUTH_PATTERN.exec(String(request.headers.authorization ?? ''));
  if (!match) return 'Authorization header is not AWS4-HMAC-SHA256';
  const [, accessKeyId, date, region, signedHeaders, signature] = match;
  if (accessKeyId !== options.accessKeyId) return 'unknown access key';
  if (region !== options.region) return `wrong region ${region}`;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date)
    return 'x-amz-date missing or not matching the scope';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!/^[0-9a-f]{64}$/.test(payloadHash)) return 'x-amz-content-sha256 missing';
  if (payloadHash !== sha256Hex(request.body)) return 'XAmzContentSHA256Mismatch';
  const headerNames = signedHeaders.split(';');
  if (
    !headerNames.includes('host') ||
    !headerNames.includes('x-amz-date') ||
    !headerNames.includes('x-amz-content-sha256')
  ) {
    return 'host, x-amz-date and x-amz-content-sha256 must be signed';
  }
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonicalRequest = [request.method, request.path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature
    ? null
    : 'SignatureDoesNotMatch';
}

const errorXml = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>fake</Message></Error>`;

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: RecordedS3Request[] = [];
  const fake: Omit<FakeS3, 'endpoint' | 'close'> = { objects, requests, respond: null };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const request: RecordedS3Request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts),
        authProblem: null,
      };
      request.authProblem = checkSignature(options, request);
      requests.push(request);
      const send = (status: number, body?: Buffer | string) => {
        res.writeHead(
          status,
          body === undefined
            ? {}
            : { 'content-type': typeof body === 'string' ? 'application/xml' : 'application/octet-stream' },
        );
        res.end(request.method === 'HEAD' ? undefined : body);
      };
      const forced = fake.respond?.(request);
      if (forced === 'hang') return;
      if (forced) return send(forced.status, forced.code ? errorXml(forced.code) : undefined);
      if (request.authProblem) {
        const code =
          request.authProblem === 'XAmzContentSHA256Mismatch' ? request.authProblem : 'SignatureDoesNotMatch';
        return send(code === 'XAmzContentSHA256Mismatch' ? 400 : 403, errorXml(code));
      }
      const [bucket, ...keyParts] = request.path.replace(/^\//, '').split('/');
      if (bucket !== options.bucket) return send(404, errorXml('NoSuchBucket'));
      const key = keyParts.map(decodeURIComponent).join('/');
      const stored = objects.get(key);
      switch (request.method) {
        case 'PUT':
          objects.set(key, request.body);
          return send(200);
        case 'GET':
          return stored ? send(200, stored) : send(404, errorXml('NoSuchKey'));
        case 'HEAD':
          return send(stored ? 200 : 404);
        case 'DELETE':
          objects.delete(key);
          return send(204);
        default:
          return send(405, errorXml('MethodNotAllowed'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
